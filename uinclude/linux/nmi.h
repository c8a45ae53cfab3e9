/* Shim: no watchdogs to feed in user space. */
#define touch_nmi_watchdog()			do { } while (0)
#define touch_softlockup_watchdog()		do { } while (0)
#define touch_all_softlockup_watchdogs()	do { } while (0)
