/*
 * cxx_ledger_test_order_audit_first.cc built -O0, where the locking is
 * libstdc++'s out-of-line code: the same names, the same fingerprint.
 *
 * Cflags: -O0
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
