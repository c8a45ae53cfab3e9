// C++ frames for tests/unwind/compare.c: a trace taken in a catch block, and under
// frames with destructors to run (FDEs with a personality and an LSDA).
#include <stdexcept>
#include <string>

extern "C" void compare_here(const char *what);
extern "C" void cxx_paths(void);

namespace {

struct Guard {
	std::string name;
	explicit Guard(const char *n) : name(n) {}
	~Guard() { compare_here("in a destructor"); }
};

__attribute__((noinline)) void thrower(int n)
{
	Guard g("thrower");
	if (n > 0)
		throw std::runtime_error("unwound");
}

__attribute__((noinline)) void catcher()
{
	try {
		thrower(1);
	} catch (const std::exception &e) {
		compare_here("in a catch block");
	}
}

}

extern "C" void cxx_paths(void)
{
	Guard g("outer");
	catcher();
	compare_here("under a guard");
}
