/* Another test of the suite (examples/suite/bank.c): log rotation, alone. */
#include <stdio.h>

void rotate_audit_log(void);

int main(void)
{
	rotate_audit_log();
	puts("test_rotate: passed");
	return 0;
}
