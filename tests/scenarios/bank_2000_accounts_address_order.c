/*
 * Ten times bank_200_accounts_address_order.c: 2,000 accounts of one class, four
 * tellers transferring 400,000 times between random pairs, lower address first:
 * correct, silent. About 380,000 pairs nested, each new one in the instance graph's
 * order already (accounts are ranked as they are made, in address order here), so
 * none is searched.
 *
 * Expect: silent
 */
#include "bank_address_order.h"

int main(int argc, char **argv)
{
	(void)argv;
	return run_bank(1999 + argc, 100000);
}
