/* Shim: user space has no per-cpu areas, so no lock address needs canonicalising;
 * static_obj() (src/loaded_objects.c) answers "is this in static storage?" instead. */
#define __is_kernel_percpu_address(addr, can_addr)	((void)(can_addr), false)
#define __is_module_percpu_address(addr, can_addr)	((void)(can_addr), false)
static int static_obj(const void *obj);
