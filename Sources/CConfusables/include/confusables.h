// The confusable skeleton of Unicode Technical Standard #39, from Debian's ICU (libicu-dev),
// behind a function of plain C types: ICU's own headers stay inside confusables.c, away from
// the ICU that Foundation carries.
#ifndef CARDTABLE_CONFUSABLES_H
#define CARDTABLE_CONFUSABLES_H

#include <stdint.h>

/// Writes the skeleton of the UTF-8 text `text` (NUL-terminated) into `skeleton`, which holds
/// `capacity` bytes, as NUL-terminated UTF-8. Returns the skeleton's length in bytes (without the
/// NUL; more than `capacity - 1` when it did not fit, and nothing was written), or -1 when ICU
/// could not make it.
int32_t cardtable_confusable_skeleton(const char *text, char *skeleton, int32_t capacity);

#endif
