/*
 * A C++ project's RAII guard (MutexLock l(&mu_);) around std::mutex, built -O0: the
 * guard's constructor is out of line, so every mutex is first locked there and all
 * three kinds of object's mutexes are one class. The cycle Accounts::mu_ ->
 * Ledger::mu_ -> Audit::mu_ -> Accounts::mu_ is a cycle of three locks of that class,
 * which the instance graph finds (src/instance_nesting.c), as built -O2 lockdep finds
 * it between three classes (cxx_guard_ring_O2.cc): the same report.
 *
 * Cflags: -O0
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@MutexLock::MutexLock(*
 */
#include "guard_ring.h"

int main()
{
	return guard_ring_main();
}
