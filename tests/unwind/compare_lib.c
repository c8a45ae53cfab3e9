/* A shared library between two frames of tests/unwind/compare.c. */
void lib_call_back(void (*fn)(int), int depth);

void lib_call_back(void (*fn)(int), int depth)
{
	fn(depth);
	__asm__ volatile("" ::: "memory");	/* no tail call */
}
