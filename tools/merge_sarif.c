// SPDX-License-Identifier: GPL-2.0
/*
 * lockdep --merge-sarif OUT IN...: the SARIF logs that LIBLOCKDEP_SARIF wrote, one per
 * process of a test suite (IN a file, or a directory of *.sarif files), as one log
 * with one run for a GitHub code-scanning upload (src/sarif_merge.c). Built from the
 * same liblockdep.c. Exit status: 0, or 125 when an input is not a liblockdep SARIF
 * log or OUT cannot be written.
 */
#include <stdio.h>
#include "liblockdep.h"

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: lockdep --merge-sarif OUT IN...\n");
		return 125;
	}
	return liblockdep_merge_sarif(argv[1], argc - 2, argv + 2);
}
