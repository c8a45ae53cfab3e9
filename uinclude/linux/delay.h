/* Shim: lockdep never delays; the include is a leftover. */
