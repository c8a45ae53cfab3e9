/*
 * The calls that change the process's user. Under ./lockdep a process that becomes
 * another user (a server started as root that drops to its own account) may no longer
 * reach the runner's record of the run, which root's process holds: the record is
 * opened first (src/runner.c), so that the process's reports still count in the
 * runner's exit status and summary. Nothing else changes: the real call follows.
 */
LIBLOCKDEP_WRAPPER(int, setuid, (uid_t uid))
LIBLOCKDEP_WRAPPER(int, seteuid, (uid_t euid))
LIBLOCKDEP_WRAPPER(int, setreuid, (uid_t ruid, uid_t euid))
LIBLOCKDEP_WRAPPER(int, setresuid, (uid_t ruid, uid_t euid, uid_t suid))

LIBLOCKDEP_WRAPPER_API int liblockdep_setuid(uid_t uid)
{
	runner_record_keep();
	return real(setuid)(uid);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_seteuid(uid_t euid)
{
	runner_record_keep();
	return real(seteuid)(euid);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_setreuid(uid_t ruid, uid_t euid)
{
	runner_record_keep();
	return real(setreuid)(ruid, euid);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_setresuid(uid_t ruid, uid_t euid, uid_t suid)
{
	runner_record_keep();
	return real(setresuid)(ruid, euid, suid);
}
