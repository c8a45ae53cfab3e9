# dlclose(), then another plugin loaded at the same address: the first plugin's
# static locks, their classes and their order are gone with it, so the second,
# taking the locks at the same addresses in the opposite order, is not accused of
# an inversion. A real inversion inside one plugin is still reported. Both flavours:
# the drop-in (host and plugins built with the header; the host exports liblockdep
# to its plugins with -rdynamic) and the preload runner (all built plain).
set -eu
cc=${CC:-cc}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cat > "$out/plugin.c" <<'C'
/* One source, two plugins: the same locks at the same offsets, taken in the order
 * that REVERSED says, or in both orders (INVERSION). */
#include <pthread.h>

static pthread_mutex_t plugin_first = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t plugin_second = PTHREAD_MUTEX_INITIALIZER;

static void nest(pthread_mutex_t *outer, pthread_mutex_t *inner)
{
	pthread_mutex_lock(outer);
	pthread_mutex_lock(inner);
	pthread_mutex_unlock(inner);
	pthread_mutex_unlock(outer);
}

void *plugin_lock(void);
void *plugin_lock(void)
{
	return &plugin_first;
}

void plugin_run(void);
void plugin_run(void)
{
#if REVERSED || INVERSION
	nest(&plugin_second, &plugin_first);
#endif
#if !REVERSED
	nest(&plugin_first, &plugin_second);
#endif
}
C
cat > "$out/host.c" <<'C'
/* host A B...: loads each plugin in turn, runs it and unloads it. Exits 77 when a
 * plugin's locks are not where the first plugin's were: the check then proves
 * nothing. */
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv)
{
	void *first_lock = NULL;

	for (int i = 1; i < argc; i++) {
		void *plugin = dlopen(argv[i], RTLD_NOW | RTLD_LOCAL);
		void *(*lock)(void);
		void (*run)(void);

		if (!plugin) {
			fprintf(stderr, "host: %s\n", dlerror());
			return 2;
		}
		*(void **)&lock = dlsym(plugin, "plugin_lock");
		*(void **)&run = dlsym(plugin, "plugin_run");
		if (i == 1)
			first_lock = lock();
		else if (lock() != first_lock)
			return 77;
		run();
		dlclose(plugin);
	}
	return 0;
}
C
dropin="-DLIBLOCKDEP -include liblockdep.h"
$cc -O2 -g -DLIBLOCKDEP -c liblockdep.c -o "$out/liblockdep.o"
$cc -O2 -g -DLIBLOCKDEP -DLIBLOCKDEP_PRELOAD -fPIC -shared -pthread liblockdep.c \
	-o "$out/liblockdep.so" -ldl
$cc -O2 -g $dropin -pthread -rdynamic "$out/host.c" "$out/liblockdep.o" -o "$out/host-dropin"
$cc -O2 -g -pthread "$out/host.c" -o "$out/host-plain"
for variant in "a -DREVERSED=0" "b -DREVERSED=1" "both -DINVERSION=1"; do
	set -- $variant
	$cc -O2 -g -fPIC -shared $2 -pthread "$out/plugin.c" -o "$out/plugin-$1-plain.so"
	$cc -O2 -g -fPIC -shared $2 $dropin -pthread "$out/plugin.c" -o "$out/plugin-$1-dropin.so"
done

# run FLAVOUR PLUGINS...: the host's reports in $out/reports, its status printed.
run() {
	flavour=$1
	shift
	set -- $(for p in "$@"; do echo "$out/plugin-$p-$flavour.so"; done)
	status=0
	if [ "$flavour" = dropin ]; then
		"$out/host-dropin" "$@" 2> "$out/reports" || status=$?
	else
		LD_PRELOAD="$out/liblockdep.so" "$out/host-plain" "$@" 2> "$out/reports" || status=$?
	fi
	echo "$status"
}

for flavour in dropin plain; do
	status=$(run $flavour a b)
	if [ "$status" = 77 ]; then
		echo "SKIP dlclose_plugins ($flavour): needs the loader to map the second plugin where the first was"
		continue
	fi
	if [ "$status" != 0 ] || [ -s "$out/reports" ]; then
		echo "$flavour: plugin b accused after plugin a was unloaded (status $status):"
		cat "$out/reports"
		exit 1
	fi
	status=$(run $flavour both)
	grep -q '^WARNING: possible circular locking dependency detected$' "$out/reports" &&
		grep -q '(plugin_first)' "$out/reports" && grep -q '(plugin_second)' "$out/reports" ||
		{ echo "$flavour: the inversion inside one plugin was not reported (status $status):"; cat "$out/reports"; exit 1; }
done
