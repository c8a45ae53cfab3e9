// SPDX-License-Identifier: GPL-2.0
/*
 * lockdep --check-graph FILE...: the graph files that LIBLOCKDEP_GRAPH wrote on CI
 * shards, merged and checked by lockdep itself (src/graph_check.c). Built from the
 * same liblockdep.c, with room for a whole suite's graph (make check-graph).
 * Exit status: 0 without a cycle, 66 (LIBLOCKDEP_EXITCODE) after reports, 125 when a
 * file cannot be read or is not a graph.
 */
#include <stdio.h>
#include "liblockdep.h"

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: lockdep --check-graph FILE...\n");
		return 125;
	}
	return liblockdep_check_graph(argc - 1, argv + 1);
}
