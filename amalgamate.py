#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Generate liblockdep.c and liblockdep.h, the drop-in pair.

    python3 amalgamate.py                    # from kernel-snapshot/
    python3 amalgamate.py --kernel PATH      # from a kernel tree (directory or .tar.xz)
    python3 amalgamate.py --snapshot TARBALL # refresh kernel-snapshot/ from a kernel tarball

liblockdep.c is one translation unit: src/prologue.h (system headers, configuration),
the kernel's lockdep.c with every #include expanded in place (kernel headers verbatim
from the tree, everything else from our shims in uinclude/), then our runtime from
src/. Kernel text is copied byte for byte between Begin/End markers, with #line
directives pointing back at the original file. liblockdep.h is src/liblockdep.h with
a banner. Same inputs, same bytes out.
"""
import argparse
import hashlib
import os
import re
import sys
import tarfile

ROOT = os.path.dirname(os.path.abspath(__file__))
SNAPSHOT = 'kernel-snapshot'

# What the engine takes verbatim from a kernel tree; every other header is a shim.
KERNEL_FILES = [
    'kernel/locking/lockdep.c',
    'kernel/locking/lockdep_proc.c',
    'kernel/locking/lockdep_internals.h',
    'kernel/locking/lockdep_states.h',
    'include/linux/debug_locks.h',
    'include/linux/hash.h',
    'include/linux/jhash.h',
    'include/linux/list.h',
    'include/linux/lockdep.h',
    'include/linux/lockdep_types.h',
    'include/linux/poison.h',
    'include/linux/stacktrace.h',
    'include/linux/stringify.h',
]
KERNEL_MAIN = 'kernel/locking/lockdep.c'
KERNEL_PROC = 'kernel/locking/lockdep_proc.c'

# Our runtime, in dependency order: each file may use what the files above it define.
# One group per layer, from the ground up.
SRC_FILES = [
    # Ground floor: the re-entry guard, the process's name, the stack signal handlers
    # run liblockdep on, lock-free memory.
    'src/reentry.c',
    'src/process_name.c',
    'src/handler_stack.c',
    'src/arena.c',
    # Code addresses to names: loaded objects, the demangler, symbol tables, and to
    # source lines: line tables.
    'src/loaded_objects.c',
    'src/demangle.c',
    'src/symbols.c',
    'src/debug_lines.c',
    # Output: printk, the environment read safely, files opened without following
    # links, the log, JSON.
    'src/printk.c',
    'src/environment.c',
    'src/output_files.c',
    'src/log_file.c',
    'src/json_writer.c',
    # Settings, read once before the first check.
    'src/settings.c',
    # Reports: once per problem, recorded, in JSON and SARIF, filtered by rules.
    'src/report_once.c',
    'src/report_record.c',
    'src/report_json.c',
    'src/sarif_rule_help.c',
    'src/report_sarif.c',
    'src/rules.c',
    # The run: debug_locks and the report lifecycle, the ./lockdep runner's record and
    # summary.
    'src/runtime.c',
    'src/runner.c',
    'src/runner_summary.c',
    # What lockdep needs of a kernel: stack traces (our unwinder, backtrace() where it
    # cannot follow; source paths as a reader wants them), RCU, the graph lock.
    'src/paths.c',
    'src/unwind.c',
    'src/stacktrace.c',
    'src/rcu.c',
    'src/graph_lock.c',
    # Locks to classes: plumbing skipped, lock makers, init sites (and a fingerprint
    # free of which came first), owning objects, the order of the instance graph whose
    # vertices the lock table's entries hold, the lock table.
    'src/lock_plumbing.c',
    'src/plumbing_sites.c',
    'src/lock_makers.c',
    'src/lock_creators.c',
    'src/lock_sites.c',
    'src/fingerprint_places.c',
    'src/class_objects.c',
    'src/lock_places.c',
    'src/instance_graph.c',
    'src/lock_table.c',
    'src/first_use.c',
    # Validation: statistics, the fast path, threads, the graph file, locks merged past
    # the depth limit, dependencies kept through a report, lockdep's calls, instance
    # nesting, cycles through sibling classes, locks released unseen, locks left held
    # by ended threads, hangs.
    'src/lock_stat.c',
    'src/fast_path.c',
    'src/task.c',
    'src/graph_replay.c',
    'src/graph_file.c',
    'src/merged_locks.c',
    'src/kept_dependencies.c',
    'src/validate.c',
    'src/instance_nesting.c',
    'src/sibling_cycles.c',
    'src/lock_owners.c',
    'src/ended_holders.c',
    'src/hang_watchdog.c',
    # The checked calls: pthread and C11 locks, annotations, joins, once.
    'src/pthread_mutex.c',
    'src/pthread_rwlock.c',
    'src/pthread_spin.c',
    'src/pthread_cond.c',
    'src/c11_threads.c',
    'src/lock_map.c',
    'src/thread_join.c',
    'src/once.c',
    # Signal handlers as hard interrupts.
    'src/handler_usage.c',
    'src/sibling_irq.c',
    'src/signals.c',
    # Lifetimes: memory freed, objects unloaded.
    'src/freed_memory.c',
    'src/unloaded_objects.c',
    # The public API, one copy of it checking when a drop-in build is preloaded too,
    # and semaphores (opt-in).
    'src/api.c',
    'src/two_copies.c',
    'src/semaphores.c',
    # Tools the runner starts: lockdep --check-graph, lockdep --merge-sarif.
    'src/graph_check.c',
    'src/sarif_merge.c',
    # The process: internal locks across fork, a change of user, the dump, exit, and
    # the preload flavour's exports.
    'src/internal_locks.c',
    'src/fork.c',
    'src/credentials.c',
    'src/dump.c',
    'src/process_exit.c',
    'src/preload.c',
]
PROLOGUE = 'src/prologue.h'
CONFIG = 'src/config.h'
PUBLIC_HEADER = 'src/liblockdep.h'

INCLUDE_RE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')

# X-macro lists, included again on purpose each time; every other header is inlined
# once and a later #include of it is commented out.
REPEATED_INCLUDES = {'kernel/locking/lockdep_states.h', 'src/routed_calls.h'}


def die(msg):
    sys.stderr.write('amalgamate.py: error: %s\n' % msg)
    sys.exit(1)


class KernelTree:
    """The files of KERNEL_FILES (plus the top Makefile for the version) from a
    directory or a tarball, read once into memory."""

    def __init__(self, path, label):
        self.label, self.files = label, {}
        wanted = KERNEL_FILES + ['Makefile']
        if os.path.isdir(path):
            for rel in wanted:
                full = os.path.join(path, rel)
                if os.path.isfile(full):
                    with open(full, 'rb') as f:
                        self.files[rel] = f.read()
        elif os.path.isfile(path) and tarfile.is_tarfile(path):
            self._read_tarball(path, wanted)
        else:
            die('%s is neither a kernel source directory nor a tarball' % path)
        missing = [rel for rel in wanted if rel not in self.files]
        if missing:
            die('%s is not a kernel tree with lockdep: missing %s (kernel %s)'
                % (path, ', '.join(missing), self.version or 'version unknown'))

    def _read_tarball(self, path, wanted):
        # Debian's tarballs put everything under one top directory; accept any.
        with tarfile.open(path) as tar:
            for member in tar:
                if not member.isfile():
                    continue
                rel = member.name.split('/', 1)[-1]
                if rel in wanted and rel not in self.files:
                    self.files[rel] = tar.extractfile(member).read()
                    if len(self.files) == len(wanted):
                        break

    @property
    def version(self):
        text = self.files.get('Makefile', b'').decode('utf-8', 'replace')
        fields = dict(re.findall(r'^(VERSION|PATCHLEVEL|SUBLEVEL|EXTRAVERSION)[ \t]*=[ \t]*(\S*)',
                                 text, re.M))
        if 'VERSION' not in fields:
            return None
        return '%s.%s.%s%s' % (fields['VERSION'], fields.get('PATCHLEVEL', '0'),
                               fields.get('SUBLEVEL', '0'), fields.get('EXTRAVERSION', ''))


def write_snapshot(tarball):
    tree = KernelTree(tarball, os.path.basename(tarball))
    lines = ['# Kernel files used verbatim by liblockdep; written by amalgamate.py --snapshot.',
             'version %s' % tree.version,
             'source %s' % os.path.basename(tarball)]
    for rel in KERNEL_FILES:
        dest = os.path.join(ROOT, SNAPSHOT, rel)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(dest, 'wb') as f:
            f.write(tree.files[rel])
        lines.append('sha256 %s  %s' % (hashlib.sha256(tree.files[rel]).hexdigest(), rel))
    lines.append('sha256 %s  Makefile' % hashlib.sha256(tree.files['Makefile']).hexdigest())
    with open(os.path.join(ROOT, SNAPSHOT, 'Makefile'), 'wb') as f:
        f.write(tree.files['Makefile'])
    with open(os.path.join(ROOT, SNAPSHOT, 'MANIFEST'), 'w') as f:
        f.write('\n'.join(lines) + '\n')
    print('kernel-snapshot/: %d files from Linux %s' % (len(KERNEL_FILES) + 1, tree.version))


def read_ours(rel):
    with open(os.path.join(ROOT, rel), 'rb') as f:
        return f.read().decode('utf-8')


def inline_ours(rel):
    """Our file with its #include "..." of our own files pasted in, unmarked: the
    public header must stand alone in the user's tree."""
    out = []
    for line in read_ours(rel).splitlines(keepends=True):
        m = INCLUDE_RE.match(line)
        if m and m.group(1) == '"':
            out.append(inline_ours(os.path.join(os.path.dirname(rel), m.group(2))))
        else:
            out.append(line)
    return ''.join(out)


class Amalgamation:
    """Expands #include directives depth-first, each guarded header only once."""

    def __init__(self, tree):
        self.tree = tree
        self.out = []
        self.seen = set()

    def resolve(self, name, quote, includer):
        """Returns (origin, path) for an #include, kernel text before shims."""
        if quote == '"':
            rel = os.path.normpath(os.path.join(os.path.dirname(includer), name))
            if rel in self.tree.files:
                return 'kernel', rel
            if os.path.isfile(os.path.join(ROOT, rel)):
                return 'ours', rel
        if 'include/' + name in self.tree.files:
            return 'kernel', 'include/' + name
        shim = os.path.join('uinclude', name)
        if os.path.isfile(os.path.join(ROOT, shim)):
            return 'ours', shim
        die('%s includes <%s>: no such kernel file in %s and no shim uinclude/%s'
            % (includer, name, self.tree.label, name))

    def text_of(self, origin, path):
        if origin == 'kernel':
            return self.tree.files[path].decode('utf-8')
        return read_ours(path)

    def shown_path(self, origin, path):
        return '%s/%s' % (self.tree.label, path) if origin == 'kernel' else path

    def emit_file(self, origin, path):
        text = self.text_of(origin, path)
        shown = self.shown_path(origin, path)
        self.out.append('/************** Begin file %s **************/\n' % shown)
        self.out.append('#line 1 "%s"\n' % shown)
        lines = text.splitlines(keepends=True)
        for number, line in enumerate(lines, 1):
            m = INCLUDE_RE.match(line)
            if not m or (origin == 'ours' and m.group(1) == '<' and self.is_system(m.group(2))):
                self.out.append(line)
                continue
            child_origin, child = self.resolve(m.group(2), m.group(1), path)
            if child in self.seen:
                self.out.append('/* %s -- already included above */\n' % line.rstrip('\n'))
                continue
            if child not in REPEATED_INCLUDES:
                self.seen.add(child)
            self.out.append('/* %s -- expanded below */\n' % line.rstrip('\n'))
            self.emit_file(child_origin, child)
            self.out.append('#line %d "%s"\n' % (number + 1, shown))
        if lines and not lines[-1].endswith('\n'):
            self.out.append('\n')
        self.out.append('/************** End of %s **************/\n' % shown)

    @staticmethod
    def is_system(name):
        """Our own files may include system headers (prologue only); kernel-style
        names (linux/, asm/, trace/) are always resolved against kernel and shims."""
        return not re.match(r'(linux|asm|trace|uapi)/', name)


def banner(tree, what):
    return ('/*\n'
            ' * %s -- generated by amalgamate.py; do not edit.\n'
            ' * Rebuild with: python3 amalgamate.py\n'
            ' *\n'
            ' * liblockdep: the Linux kernel\'s lock validator (lockdep) for user-space C.\n'
            ' * Kernel text from Linux %s (%s), copied verbatim between the\n'
            ' * "Begin file" / "End of" markers; everything else is liblockdep\'s own.\n'
            ' *\n'
            ' * SPDX-License-Identifier: GPL-2.0-only\n'
            ' */\n' % (what, tree.version, tree.label))


def generate_source(tree):
    amal = Amalgamation(tree)
    amal.out.append(banner(tree, 'liblockdep.c'))
    amal.out.append('#ifndef LIBLOCKDEP\n'
                    '/* Checking is off: this file compiles to nothing. ISO C wants one'
                    ' declaration. */\n'
                    'typedef int liblockdep_is_off;\n'
                    '#else\n')
    amal.out.append('#define LIBLOCKDEP_KERNEL_VERSION "%s"\n' % tree.version)
    amal.emit_file('ours', PROLOGUE)
    amal.out.append('/************** Begin file %s (the public header) **************/\n'
                    % PUBLIC_HEADER)
    amal.out.append('#line 1 "%s"\n' % PUBLIC_HEADER)
    amal.out.append(inline_ours(PUBLIC_HEADER))
    amal.out.append('/************** End of %s **************/\n' % PUBLIC_HEADER)
    amal.emit_file('ours', CONFIG)
    amal.emit_file('ours', 'src/kernel_begin.h')
    amal.emit_file('kernel', KERNEL_MAIN)
    amal.emit_file('kernel', KERNEL_PROC)
    for rel in SRC_FILES:
        amal.emit_file('ours', rel)
    amal.out.append('#endif /* LIBLOCKDEP */\n')
    return ''.join(amal.out)


def generate_header(tree):
    return banner(tree, 'liblockdep.h') + inline_ours(PUBLIC_HEADER)


def write_if_changed(path, text):
    data = text.encode('utf-8')
    try:
        with open(path, 'rb') as f:
            if f.read() == data:
                return False
    except FileNotFoundError:
        pass
    with open(path, 'wb') as f:
        f.write(data)
    return True


def main():
    parser = argparse.ArgumentParser(
        description='Generate liblockdep.c and liblockdep.h from kernel lockdep '
                    'and liblockdep\'s shims and runtime.')
    parser.add_argument('--kernel', metavar='PATH',
                        help='kernel source tree (directory or tarball) instead of '
                             'kernel-snapshot/')
    parser.add_argument('--snapshot', metavar='TARBALL',
                        help='refresh kernel-snapshot/ from a kernel tarball (e.g. '
                             '/usr/src/linux-source-6.12.tar.xz) and exit')
    parser.add_argument('--output-dir', metavar='DIR', default=ROOT,
                        help='where to write liblockdep.c/.h (default: the repo root)')
    args = parser.parse_args()

    if args.snapshot:
        write_snapshot(args.snapshot)
        return
    if args.kernel:
        tree = KernelTree(args.kernel, os.path.basename(os.path.normpath(args.kernel)))
    else:
        tree = KernelTree(os.path.join(ROOT, SNAPSHOT), SNAPSHOT)
    outdir = os.path.abspath(args.output_dir)
    try:
        os.makedirs(outdir, exist_ok=True)
    except OSError as e:
        die('cannot create the output directory %s: %s' % (outdir, e.strerror))
    for name, text in (('liblockdep.c', generate_source(tree)),
                       ('liblockdep.h', generate_header(tree))):
        changed = write_if_changed(os.path.join(outdir, name), text)
        print('%s %s (Linux %s)' % ('wrote' if changed else 'unchanged',
                                    os.path.relpath(os.path.join(outdir, name)), tree.version))


if __name__ == '__main__':
    main()
