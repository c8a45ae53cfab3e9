/*
 * The tests of cxx_ledger_test_order_deposit_first.cc the other way round:
 * audit()'s first, so the classes are named after audit() (without GCC's
 * " [clone .isra.0]" of the -O2 build), and the fingerprint is the same.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@bank::Ledger::audit() mutex@bank::Ledger::audit()~2
 * Fingerprint: circular-77e35e68
 * Suppress: suppress fingerprint=circular-77e35e68
 */
#include "cxx_ledger_test_order.h"

int main()
{
	return ledger_tests(false);
}
