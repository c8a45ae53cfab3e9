# warning_free_builds.sh with MATRIX=full: liblockdep.c and the user files under gcc
# and clang at -O0 and -O2, gnu11 and gnu17, checking on, off and preloaded,
# liblockdep.c also with its own header forced in, and C++'s std::mutex code at -O0
# too (make test builds the -O2, gnu17 corner).
# Tier: all (about 50 builds of liblockdep.c: minutes)
MATRIX=full exec sh "$(dirname "$0")/warning_free_builds.sh"
