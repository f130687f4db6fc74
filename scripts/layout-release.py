#!/usr/bin/env python3
"""Lays out the release executable's code after the link (issue 36, BENCHMARKS.md): every function
a status line and the dashboard run (linker/homescreen.hot) moved to one stretch at the front of a
new code segment, one function at a time, by llvm-bolt. lld orders whole sections only, and the
prebuilt archives (Swift's standard library and runtime, Foundation, SQLite) bring one section
per source file: their functions that ran stayed spread over 20 MB of code, and the kernel maps
that 64 KB around each page a start touches.

    scripts/layout-release.py EXECUTABLE      lays it out in place (once: a laid-out one is left)
    scripts/layout-release.py --check EXECUTABLE
        fails unless EXECUTABLE is laid out with at least 90% of linker/homescreen.hot in its hot
        stretch (.ci/run)

EXECUTABLE is the release link (Package.swift), which keeps its relocations (--emit-relocs) for
this. Needs llvm-bolt (Debian: apt-get install bolt-19), llvm-objcopy (Swift's toolchain) and
readelf. Three things no tool here does are done by hand below:
- Code with no symbol (bodies of the archives' weak functions the linker kept twice, and
  functions the compiler named .L…) gets one, sized up to the next symbol or call-frame entry:
  llvm-bolt stops at code it finds in the padding after a function.
- llvm-bolt lays out only the functions named (its lite mode): disassembling every one of the
  120,000 stops at a Swift async function's indirect jump.
- llvm-bolt updates the code's references and the data's absolute addresses of the functions it
  moves, but not the data's 32-bit relative ones. Swift's metadata is made of those (a type's
  accessor, a conformance's witness table, a method's implementation), so each still led to the
  function's old copy: they are written again here, from the link's relocations.
"""
import bisect, collections, os, re, shutil, struct, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HOT = os.path.join(ROOT, "linker", "homescreen.hot")
R_X86_64_PC32, SHT_SYMTAB, SHT_RELA, SHF_ALLOC, SHF_EXECINSTR, STT_FUNC = 2, 2, 4, 0x2, 0x4, 2


def fail(message):
    print(f"layout-release.py: {message}", file=sys.stderr)
    sys.exit(1)


def tool(*names):
    for name in names:
        found = shutil.which(name)
        if found: return found
    fail(f"needs {' or '.join(names)}, which is not on PATH (apt-get install bolt-19 gives llvm-bolt-19, "
         "binutils readelf; llvm-objcopy comes with Swift's toolchain)")


class Elf:
    """The section headers, symbols and load segments of a 64-bit little-endian ELF file."""
    def __init__(self, path):
        self.data = bytearray(open(path, "rb").read())
        d = self.data
        shoff, = struct.unpack_from("<Q", d, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from("<HHH", d, 0x3a)
        headers = [struct.unpack_from("<IIQQQQIIQQ", d, shoff + i * shentsize) for i in range(shnum)]
        names = headers[shstrndx][4]
        # name, type, flags, address, offset, size, link, info
        self.sections = [(self.string(names + h[0]), h[1], h[2], h[3], h[4], h[5], h[6], h[7]) for h in headers]
        phoff, = struct.unpack_from("<Q", d, 0x20)
        phnum, = struct.unpack_from("<H", d, 0x38)
        self.loads = []
        for i in range(phnum):
            kind, _, offset, address, _, filesize = struct.unpack_from("<IIQQQQ", d, phoff + i * 56)
            if kind == 1: self.loads.append((address, offset, filesize))

    def string(self, offset):
        return self.data[offset:self.data.index(b"\0", offset)].decode("utf-8", "replace")

    def section(self, name):
        return next((s for s in self.sections if s[0] == name), None)

    def symbols(self):
        """(entry offset, name, info, section index, value, size) of every symbol."""
        for _, kind, _, _, offset, size, link, _ in self.sections:
            if kind != SHT_SYMTAB: continue
            strings = self.sections[link][4]
            for entry in range(offset, offset + size, 24):
                name, info, _, shndx, value, length = struct.unpack_from("<IBBHQQ", self.data, entry)
                yield entry, self.string(strings + name), info, shndx, value, length

    def extents(self):
        """Each function's start address with its size (the largest symbol's there)."""
        found = {}
        for _, _, info, shndx, value, size in self.symbols():
            if info & 0xf == STT_FUNC and shndx != 0: found[value] = max(found.get(value, 0), size)
        return found

    def functions(self):
        """Each function's name with the addresses of its definitions, in symbol-table order."""
        found = collections.defaultdict(list)
        for _, name, info, shndx, value, _ in self.symbols():
            if info & 0xf == STT_FUNC and shndx != 0: found[name].append(value)
        return found

    def file_offset(self, address):
        for start, offset, size in self.loads:
            if start <= address < start + size: return offset + address - start
        return None


# Padding the assembler puts between functions: nop forms, int3, zeros.
PADDING = re.compile(rb"(?:\x90|\xcc|\x00|\x66\x90|(?:\x66)*\x2e?\x0f\x1f(?:\x00|\x40.|\x44\x00.|\x80....|\x84\x00....))*", re.S)


def unnamed_code(elf, path):
    """(section, offset in it, size) of each piece of code that no symbol covers."""
    cuts = set()
    frames = subprocess.run([tool("readelf"), "--debug-dump=frames", path], capture_output=True, text=True, check=True).stdout
    for low, high in re.findall(r"pc=([0-9a-f]+)\.\.([0-9a-f]+)", frames):
        cuts.update((int(low, 16), int(high, 16)))
    cuts = sorted(cuts)
    covered = elf.extents()
    pieces = []
    for name in (".text.unnamed", ".text"):
        section = elf.section(name)
        if section is None: continue
        _, _, _, address, offset, size, _, _ = section
        end = address
        for start in sorted(a for a in covered if address <= a < address + size) + [address + size]:
            if start > end:
                bounds = [end] + cuts[bisect.bisect_right(cuts, end):bisect.bisect_left(cuts, start)] + [start]
                for low, high in zip(bounds, bounds[1:]):
                    code = elf.data[offset + low - address:offset + high - address]
                    lead = PADDING.match(code).end()
                    if lead < len(code): pieces.append((name, low + lead - address, high - low - lead))
            if start < address + size: end = max(end, start + covered[start])
    return pieces


def name_unnamed_code(elf, source, named, objcopy):
    """Writes `named`: `source` (read as `elf`) with a local function symbol on each piece of
    unnamed code (hs.unnamed.SECTION.OFFSET.SIZE); returns it and how many pieces there were."""
    pieces = unnamed_code(elf, source)
    arguments = named + ".rsp"
    with open(arguments, "w") as file:
        for section, offset, size in pieces:
            file.write(f"--add-symbol=hs.unnamed.{section}.{offset:x}.{size:x}={section}:0x{offset:x},local,function\n")
    subprocess.run([objcopy, f"@{arguments}", source, named], check=True)
    # llvm-objcopy adds symbols of size 0, which llvm-bolt cannot place: the size is in the name.
    elf = Elf(named)
    for entry, name, _, _, _, _ in elf.symbols():
        if name.startswith("hs.unnamed."):
            struct.pack_into("<Q", elf.data, entry + 16, int(name.rsplit(".", 1)[1], 16))
    open(named, "wb").write(elf.data)
    return elf, len(pieces)


def hot_functions(elf):
    """linker/homescreen.hot's functions as llvm-bolt names them: a local symbol as NAME/1, and
    when N local functions have that name (the archives' copies of one inline function), all N
    (NAME/1 … NAME/N): the list names the function, not the copy that ran."""
    local = collections.Counter()
    defined = set()
    for _, name, info, shndx, _, _ in elf.symbols():
        if info & 0xf == STT_FUNC and shndx != 0:
            defined.add(name)
            if info >> 4 == 0: local[name] += 1
    listed = []
    for name in open(HOT).read().split():
        if name in defined:
            listed.extend([f"{name}/{copy}" for copy in range(1, local[name] + 1)] if local[name] else [name])
    return listed


def function_at(starts, extents, address):
    """The start of the function whose body holds `address`, or None."""
    index = bisect.bisect_right(starts, address) - 1
    return starts[index] if index >= 0 and address < starts[index] + extents[starts[index]] else None


def rewrite_relative_references(linked, laid_out):
    """Points each 32-bit relative reference from data to a moved function's start at its new
    place. A reference that names the function (its symbol, addend 0) is one. One through a
    section symbol (a local function's, or a switch's jump table entry: `.LBB - .LJTI`, the
    section plus the case's offset plus the entry's place in its table) is one only when it is
    not part of a table: a run of entries 4 bytes apart whose cases, each less its place in the
    run, fall in one function. A table's entry can add up to a moved function's start by chance;
    it is left. Returns how many were rewritten, and how many tables' entries were left so."""
    moved, extents = {}, linked.extents()
    starts = sorted(extents)
    new = laid_out.functions()
    for name, olds in linked.functions().items():
        news = new.get(name, [])
        if len(olds) == len(news):
            moved.update((old, now) for old, now in zip(olds, news) if old != now)
    symbols = [(info & 0xf, value) for _, _, info, _, value, _ in linked.symbols()]
    named, through_section = [], []
    for _, kind, _, _, offset, size, _, target in linked.sections:
        if kind != SHT_RELA: continue
        flags = linked.sections[target][2]   # the section the relocations apply to: data only
        if flags & SHF_EXECINSTR or not flags & SHF_ALLOC: continue
        for entry in range(offset, offset + size, 24):
            place, info, addend = struct.unpack_from("<QQq", linked.data, entry)
            if info & 0xffffffff != R_X86_64_PC32: continue
            kind_of_symbol, value = symbols[info >> 32]
            if kind_of_symbol == STT_FUNC:
                if addend == 0: named.append((place, value))
            else:
                through_section.append((place, info >> 32, value + addend))
    # Runs of entries, each as long as its cases stay in the first one's function.
    alone, in_tables = [], 0
    through_section.sort()
    run = []
    for reference in through_section + [None]:
        if reference and run:
            place, symbol, address = reference
            base, first_symbol, first = run[0][0], run[0][1], run[0][2]
            function = function_at(starts, extents, first)
            if (place == run[-1][0] + 4 and symbol == first_symbol and function is not None
                    and function_at(starts, extents, address - (place - base)) == function):
                run.append(reference)
                continue
        if len(run) == 1: alone.append((run[0][0], run[0][2]))
        else: in_tables += sum(1 for _, _, address in run if address in moved)
        run = [reference] if reference else []
    rewritten = 0
    for place, address in named + alone:
        if address not in moved: continue
        at = laid_out.file_offset(place)
        if at is not None and struct.unpack_from("<i", laid_out.data, at)[0] == address - place:
            struct.pack_into("<i", laid_out.data, at, moved[address] - place)
            rewritten += 1
    return rewritten, in_tables


def hot_share(elf):
    """How many of linker/homescreen.hot's functions (those of one definition) lie between
    __hot_start and __hot_end, which llvm-bolt defines, and how many there are; None when the
    executable is not laid out."""
    if elf.section(".note.bolt_info") is None: return None
    bounds = {name: value for _, name, _, _, value, _ in elf.symbols() if name in ("__hot_start", "__hot_end")}
    if len(bounds) != 2: return None
    functions = elf.functions()
    listed = [name for name in open(HOT).read().split() if len(functions.get(name, [])) == 1]
    inside = sum(1 for name in listed if bounds["__hot_start"] <= functions[name][0] < bounds["__hot_end"])
    return inside, len(listed)


def main():
    arguments = sys.argv[1:]
    if arguments[:1] == ["--check"] and len(arguments) == 2:
        share = hot_share(Elf(arguments[1]))
        if share is None: fail(f"{arguments[1]} is not laid out: run scripts/layout-release.py on it")
        inside, listed = share
        print(f"{arguments[1]}: {inside} of {listed} functions of linker/homescreen.hot in its hot stretch")
        if inside * 100 < listed * 90:
            fail("the hot stretch misses more than a tenth of linker/homescreen.hot: run scripts/generate-link-order.sh")
        return
    if len(arguments) != 1: fail("usage: scripts/layout-release.py [--check] EXECUTABLE")
    executable = arguments[0]
    linked = Elf(executable)
    if linked.section(".note.bolt_info") is not None:
        print(f"{executable} is laid out already")
        return
    if linked.section(".rela.text") is None:
        fail(f"{executable} has no relocations: link it with --emit-relocs (the release build, Package.swift)")
    bolt, objcopy = tool("llvm-bolt-19", "llvm-bolt"), tool("llvm-objcopy", "llvm-objcopy-19")
    # Beside the executable, so that the laid-out one replaces it in one rename (which a running
    # copy does not prevent); the executable is left as it was when anything fails.
    with tempfile.TemporaryDirectory(dir=os.path.dirname(os.path.abspath(executable))) as work:
        named, laid_out, listed = (os.path.join(work, name) for name in ("named", "laid-out", "hot"))
        try:
            linked, pieces = name_unnamed_code(linked, executable, named, objcopy)
        except (OSError, subprocess.CalledProcessError) as error:
            fail(f"naming the unnamed code failed: {error}")
        hot = hot_functions(linked)
        open(listed, "w").write("\n".join(hot) + "\n")
        run = subprocess.run([bolt, named, "-o", laid_out, "-lite", f"-funcs-file-no-regex={listed}",
                              "-reorder-functions=user", f"-function-order={listed}"],
                             capture_output=True, text=True)
        if run.returncode != 0:
            print(run.stdout[-4000:], run.stderr[-4000:], file=sys.stderr)
            fail(f"llvm-bolt failed (exit {run.returncode})")
        result = Elf(laid_out)
        rewritten, in_tables = rewrite_relative_references(linked, result)
        open(laid_out, "wb").write(result.data)
        share = hot_share(result)
        if share is None: fail("llvm-bolt's output has no hot stretch (__hot_start, __hot_end)")
        os.chmod(laid_out, 0o755)
        os.replace(laid_out, executable)
    inside_hot, listed_hot = share
    print(f"{executable}: {pieces} pieces of unnamed code named, {len(hot)} functions laid out "
          f"({inside_hot} of {listed_hot} of linker/homescreen.hot in the hot stretch), "
          f"{rewritten} relative references to moved functions rewritten, {in_tables} jump tables' entries that only add up to one left")


if __name__ == "__main__":
    main()
