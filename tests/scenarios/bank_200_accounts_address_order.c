/*
 * 200 accounts of one class, four tellers transferring 80,000 times between random
 * pairs, always locking the lower address first: correct, silent. About 19,000 of
 * the 19,900 pairs of accounts are nested; a fixed table of 16,384 pairs ran out
 * here ("BUG: MAX_NESTED_PAIRS too low!", then a false recursive locking).
 *
 * Expect: silent
 */
#include "bank_address_order.h"

int main(int argc, char **argv)
{
	(void)argv;
	return run_bank(199 + argc, 20000);
}
