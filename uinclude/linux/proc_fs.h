/* Shim: no /proc in user space; liblockdep writes its own dumps. */
