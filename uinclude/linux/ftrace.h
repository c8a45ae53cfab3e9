/* Shim: no function tracer in user space. */
