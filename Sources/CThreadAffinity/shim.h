// glibc's thread CPU affinity calls, which <sched.h> declares only under
// _GNU_SOURCE (Swift's Glibc module is built without it). Declared here
// under our own names, bound to glibc's symbols by asm labels, with the CPU
// set as an array of unsigned longs (glibc's cpu_set_t is exactly that).
#include <sys/types.h>

extern int compositor_sched_getaffinity(int tid, unsigned long size, unsigned long *mask)
    __asm__("sched_getaffinity");
extern int compositor_sched_setaffinity(int tid, unsigned long size, const unsigned long *mask)
    __asm__("sched_setaffinity");
