#include "CProcessStart.h"

// The standard library's `CommandLine.arguments`, from the arguments the C library hands every
// constructor of the executable (argc, argv, envp: glibc's ELF constructors). The standard
// library finds them itself with a constructor of its own that opens /proc/self/maps and parses
// it with sscanf to locate the stack, then walks back from `environ`: about 120,000 instructions
// and a file opened and read at every start, a fifth of what a status line runs outside SQLite
// (BENCHMARKS.md, issue 36). The release link drops that constructor (linker/start.ld); the
// standard library then takes these, which it checks before looking anywhere else. In a build
// that keeps its constructor (debug, tests), both find the same arguments.

// The standard library's entry for overriding the arguments it reports (CommandLine.cpp),
// exported for the interpreter; Swift's calling convention, the same registers as C's for these.
extern void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) __attribute__((swiftcall));

__attribute__((constructor)) static void hs_take_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    if (argv) _swift_stdlib_overrideUnsafeArgvArgc(argv, argc);
}
