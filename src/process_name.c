/*
 * The process's name in reports ("pid 1234 (name)"), the JSON summary and the graph
 * file: its argv[0]'s last component, copied before main(). glibc's
 * program_invocation_short_name points into argv[0] itself, which a program may
 * write over to show its state in ps (PostgreSQL's backends do): read later, it is
 * that text cut at a '/' ("er " for "postgres: walwriter ").
 */
static char process_name_copy[NAME_MAX + 1];

/* Called as settings are read, before main(). */
static void process_name_keep(void)
{
	snprintf(process_name_copy, sizeof(process_name_copy), "%s",
		 program_invocation_short_name);
}

static const char *process_name(void)
{
	return process_name_copy[0] ? process_name_copy : program_invocation_short_name;
}
