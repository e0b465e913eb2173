#include "confusables.h"

#include <pthread.h>
#include <unicode/uspoof.h>

/// ICU's spoof checker, made once: it may be used from any thread as long as nothing configures
/// it again.
static USpoofChecker *checker(void) {
    static USpoofChecker *made = NULL;
    static int tried = 0;
    // NB: made on first use, under a lock.
    if (!__atomic_load_n(&tried, __ATOMIC_ACQUIRE)) {
        static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
        pthread_mutex_lock(&lock);
        if (!tried) {
            UErrorCode status = U_ZERO_ERROR;
            USpoofChecker *opened = uspoof_open(&status);
            made = U_SUCCESS(status) ? opened : NULL;
            __atomic_store_n(&tried, 1, __ATOMIC_RELEASE);
        }
        pthread_mutex_unlock(&lock);
    }
    return made;
}

int32_t cardtable_confusable_skeleton(const char *text, char *skeleton, int32_t capacity) {
    USpoofChecker *spoof = checker();
    if (spoof == NULL) return -1;
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uspoof_getSkeletonUTF8(spoof, 0, text, -1, skeleton, capacity, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) return length + 1;
    return U_SUCCESS(status) ? length : -1;
}
