/*
 * C++ built -O2, where the guards are inlined into the members (kept out of line here, as members of other files are): two member mutexes,
 * first locked in shop::Inventory::restock() and shop::Ledger::record() through
 * std::lock_guard, then taken in the opposite order by shop::Inventory::audit()
 * through std::unique_lock and std::scoped_lock. The inversion is reported, the
 * classes named after the members, and every "at:" is the user's audit(), never
 * the plumbing (tests/checks/cxx_locations_skip_plumbing.sh).
 *
 * Cflags: -O2
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@shop::Inventory::restock() mutex@shop::Ledger::record()
 */
#include "cxx_member_mutex_abba.h"

int main()
{
	return member_abba_main();
}
