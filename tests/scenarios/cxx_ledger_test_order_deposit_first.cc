/*
 * The bank's test of deposit() runs before its test of audit(): the two
 * members are first locked in deposit() and their classes named after it. The
 * fingerprint is the one cxx_ledger_test_order_audit_first.cc gets, where the names
 * are audit()'s: a fingerprint takes the functions that take such classes, never
 * their names, which the order of the tests gives (src/fingerprint_places.c), and
 * the rule that would suppress the report names the fingerprint.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@bank::Ledger::deposit() mutex@bank::Ledger::deposit()~2
 * Fingerprint: circular-77e35e68
 * Suppress: suppress fingerprint=circular-77e35e68
 */
#include "cxx_ledger_test_order.h"

int main()
{
	return ledger_tests(true);
}
