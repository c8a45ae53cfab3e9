/* One test of the suite (examples/suite/bank.c): transfers, alone. */
#include <stdio.h>

void transfer(void);

int main(void)
{
	transfer();
	puts("test_transfer: passed");
	return 0;
}
