/* Shim: lockdep includes it but draws no random numbers. */
