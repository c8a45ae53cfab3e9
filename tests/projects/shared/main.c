/* Calls the ledger library (ledger.c), and nothing that locks by itself. */
#include <stdio.h>

void ledger_post(void);
int ledger_audit(void);

int main(void)
{
	ledger_post();
	printf("balance %d\n", ledger_audit());
	return 0;
}
