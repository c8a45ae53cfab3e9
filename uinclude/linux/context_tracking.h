/* Shim: no user/kernel context switches to track: a thread is always "in the kernel" for lockdep. */
