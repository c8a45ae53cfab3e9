/* liblockdep's public API, declared in liblockdep.h. */
/* The 2013 liblockdep needed these; every thread now sets itself up on first use. */
LIBLOCKDEP_API void liblockdep_init(void)
{
}

LIBLOCKDEP_API void liblockdep_set_thread(void)
{
}
