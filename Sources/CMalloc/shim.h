// glibc's allocator controls (malloc_trim), which Swift's Glibc module leaves out. Elsewhere
// (macOS) the module is empty.
#if defined(__linux__)
#include <malloc.h>
#endif
