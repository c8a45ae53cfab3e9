/* Shim: seq_file is used only by lockdep_proc.c, which is not compiled in. */
