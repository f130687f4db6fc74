#!/bin/sh
# Installs Homescreen from this checkout: a release build of `homescreen`, its themes, its man
# pages and its shell completions, under a prefix (default ~/.local). Uninstalls it too.
#
#   scripts/install.sh                  build and install under ~/.local
#   scripts/install.sh --system         under /usr/local (run it as root, or with sudo)
#   scripts/install.sh --prefix DIR     under DIR
#   scripts/install.sh --uninstall [--prefix DIR | --system]
#                                       remove every file the install wrote, nothing else
#
# Options for development: --debug builds a debug binary (quicker); --binary FILE installs
# FILE instead of building (the tests use the binary they were built with; the man page
# generator, swift-argument-parser's generate-manual, is looked for next to it).
#
# PREFIX/bin/homescreen, PREFIX/share/homescreen/themes/*.toml (found through the binary's
# location, never through this checkout), PREFIX/share/man/man1/homescreen.1 (generated from
# the command definitions, as --help is), PREFIX/share/man/man5/homescreen-{config,themes,store}.5,
# and the bash, zsh and fish completions under PREFIX/share. Every file written (with its
# SHA-256) and every folder created is listed, relative to PREFIX, in
# PREFIX/share/homescreen/installed-files, which --uninstall reads. Uninstalling removes only
# what that list names inside PREFIX, through no symlinked folder, and only files whose content
# is still what was installed; anything else in the list is named and left (exit 1).
set -eu
# This script, by a path that still works after the `cd` below (a re-install runs it again).
self="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"

usage() {
    sed -n '2,12p' "$self" | sed 's/^# \{0,1\}//'
    exit 2
}

prefix="${HOME:?HOME is not set}/.local"
configuration=release
binary="${HOMESCREEN_INSTALL_BINARY:-}"   # the tests' way of saying --binary (the README's examples)
uninstall=false
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) [ $# -ge 2 ] || usage; prefix="$2"; shift 2 ;;
        --prefix=*) prefix="${1#--prefix=}"; shift ;;
        --system) prefix=/usr/local; shift ;;
        --debug) configuration=debug; shift ;;
        --binary) [ $# -ge 2 ] || usage; binary="$2"; shift 2 ;;
        --uninstall) uninstall=true; shift ;;
        -h|--help) usage ;;
        *) echo "install.sh: unknown option '$1'; use --prefix DIR, --system, --uninstall, --debug or --binary FILE." >&2; exit 2 ;;
    esac
done
case "$prefix" in
    /*) ;;
    *) prefix="$(pwd)/$prefix" ;;
esac
prefix="${prefix%/}"
manifest="$prefix/share/homescreen/installed-files"

if $uninstall; then
    if [ ! -f "$manifest" ]; then
        echo "install.sh: nothing to uninstall: $manifest does not exist." >&2
        exit 1
    fi
    real_prefix="$(cd "$prefix" && pwd -P)"
    scratch="$(mktemp -d)"
    trap 'rm -rf "$scratch"' EXIT
    cp "$manifest" "$scratch/list"
    : > "$scratch/left"
    leave() { echo "install.sh: left alone: $1" >&2; echo x >> "$scratch/left"; }
    # A listed path made safe, or refused: relative to the prefix (a list of the earlier format
    # named absolute paths under it), plain characters, no `..`, no symlinked folder on the way.
    inside() {
        entry="$1"
        case "$entry" in "$prefix") entry=. ;; "$prefix"/*) entry="${entry#"$prefix"/}" ;; esac
        [ "$entry" = . ] && { echo .; return 0; }
        case "$entry" in /*|*..*|*//*|./*|*/./*|*/|'') return 1 ;; esac
        case "$entry" in *[!A-Za-z0-9._/+-]*) return 1 ;; esac
        parent="$(dirname "$entry")"
        [ -d "$prefix/$parent" ] && [ ! -L "$prefix/$parent" ] || return 1
        if [ "$parent" = . ]; then expected="$real_prefix"; else expected="$real_prefix/$parent"; fi
        [ "$(cd "$prefix/$parent" && pwd -P)" = "$expected" ] || return 1
        echo "$entry"
    }
    # The files first, each only if it is still what was installed.
    while IFS= read -r line; do
        case "$line" in
            "f "*) ;;
            "d "*|"# "*) continue ;;
            *) leave "a line that names no file or folder of the install ($line)"; continue ;;
        esac
        rest="${line#f }"
        sum="${rest%% *}"
        path="${rest#* }"
        if [ "$path" = "$rest" ] || [ ${#sum} -ne 64 ] || [ -n "$(printf '%s' "$sum" | tr -d 0-9a-f)" ]; then sum=""; path="$rest"; fi
        if ! relative="$(inside "$path")" || [ "$relative" = . ]; then leave "$path (not a plain path inside $prefix)"; continue; fi
        target="$prefix/$relative"
        [ "$relative" != share/homescreen/installed-files ] || continue   # the list goes last
        [ -e "$target" ] || [ -L "$target" ] || continue
        if [ -L "$target" ] || [ ! -f "$target" ]; then leave "$target (not the file installed)"; continue; fi
        if [ -n "$sum" ]; then
            [ "$(sha256sum "$target" | cut -d' ' -f1)" = "$sum" ] || { leave "$target (changed since it was installed)"; continue; }
        else
            # A list of the earlier format has no checksums: only the names this script installs.
            case "$relative" in
                bin/homescreen|bin/homescreen-serve|share/homescreen/themes/*.toml|share/man/man1/homescreen.1|share/man/man5/homescreen-*.5) ;;
                share/bash-completion/completions/homescreen|share/zsh/site-functions/_homescreen|share/fish/vendor_completions.d/homescreen.fish) ;;
                *) leave "$target (not a file this script installs)"; continue ;;
            esac
        fi
        rm -f "$target"
    done < "$scratch/list"
    rm -f "$manifest"
    # Then the folders the install created, deepest first, when empty.
    sed -n 's/^d //p' "$scratch/list" | sort -r > "$scratch/folders"
    while IFS= read -r path; do
        if ! relative="$(inside "$path")"; then leave "$path (not a plain folder inside $prefix)"; continue; fi
        if [ "$relative" = . ]; then rmdir "$prefix" 2>/dev/null || true; else rmdir "$prefix/$relative" 2>/dev/null || true; fi
    done < "$scratch/folders"
    left=$(wc -l < "$scratch/left")
    if [ "$left" -gt 0 ]; then
        echo "install.sh: uninstalled Homescreen from $prefix, but $left listed $( [ "$left" -eq 1 ] && echo entry was || echo entries were ) not removed (above)." >&2
        exit 1
    fi
    echo "uninstalled Homescreen from $prefix"
    exit 0
fi

root="$(cd "$(dirname "$0")/.." && pwd)"
started=$(date +%s)
if [ -z "$binary" ]; then
    cd "$root"
    echo "building homescreen ($configuration; a release build takes a few minutes)…"
    # A release build carries Swift's standard library inside (no Swift libraries needed at run
    # time, faster to start and smaller in memory: BENCHMARKS.md), and so has no use for the
    # executable's own folder as a library path: without it, the loader does not look there
    # (some 40 failed lookups at every start) for the system's libc and libm.
    static=""
    [ "$configuration" = release ] && static="--static-swift-stdlib --disable-local-rpath"
    swift build -c "$configuration" $static --product homescreen
    swift build -c "$configuration" $static --product homescreen-serve
    swift build -c "$configuration" $static --product generate-manual
    bin_path="$(swift build -c "$configuration" $static --show-bin-path)"
    binary="$bin_path/homescreen"
fi
manual_tool="$(dirname "$binary")/generate-manual"
if [ ! -x "$manual_tool" ]; then
    echo "install.sh: the man page generator $manual_tool is missing; build it with \`swift build --product generate-manual\` (or install without --binary)." >&2
    exit 1
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
: > "$work/list"

# The list: `f SHA256 PATH` and `d PATH`, paths relative to the prefix (`.`: the prefix itself).
relative() { if [ "$1" = "$prefix" ]; then echo .; else echo "${1#"$prefix"/}"; fi; }

# A folder, made (with its parents) and recorded when it did not exist.
folder() {
    if [ ! -d "$1" ]; then
        folder "$(dirname "$1")"
        mkdir "$1"
        echo "d $(relative "$1")" >> "$work/list"
    fi
}

# put MODE SOURCE DESTINATION
put() {
    folder "$(dirname "$3")"
    install -m "$1" "$2" "$3"
    echo "f $(sha256sum "$3" | cut -d' ' -f1) $(relative "$3")" >> "$work/list"
}

# A previous install's files go first, so nothing it had and this one has not is left behind;
# what its list names that is not ours is left, and said.
if [ -f "$manifest" ]; then
    sh "$self" --uninstall --prefix "$prefix" > /dev/null || echo "install.sh: the previous install's list named entries it did not install, or files changed since (said above); they were left alone." >&2
fi

# The executables as users run them: without their debug information (about 60% of their size;
# the symbol table stays, so a crash's backtrace still names its functions). The copies in the
# build folder keep theirs.
stripped() {
    if command -v strip >/dev/null; then
        strip --strip-debug -o "$work/$(basename "$1")" "$1" && echo "$work/$(basename "$1")" && return
    fi
    echo "install.sh: strip (binutils) is not installed, so $(basename "$1") is installed with its debug information." >&2
    echo "$1"
}
put 755 "$(stripped "$binary")" "$prefix/bin/homescreen"
# Out of the page cache as the copy wrote it (in large pieces, which a process maps whole where
# it touches them): read back as the program runs, the dashboard keeps 15.8 MB resident instead
# of 16.2 MB (BENCHMARKS.md, issue 36). A hint only: nothing fails without it.
dd if="$prefix/bin/homescreen" iflag=nocache count=0 status=none 2>/dev/null || true
# `homescreen serve` runs the SSH server beside it (its own executable: the dashboard never loads SwiftNIO).
if [ -x "$(dirname "$binary")/homescreen-serve" ]; then
    put 755 "$(stripped "$(dirname "$binary")/homescreen-serve")" "$prefix/bin/homescreen-serve"
else
    echo "install.sh: $(dirname "$binary")/homescreen-serve is not built; homescreen serve will say so (swift build --product homescreen-serve)." >&2
fi
for theme in "$root"/Themes/*.toml; do
    put 644 "$theme" "$prefix/share/homescreen/themes/$(basename "$theme")"
done

# The man page comes from the same command definitions as --help.
mkdir "$work/man"
"$manual_tool" "$prefix/bin/homescreen" --output-directory "$work/man" > /dev/null
# A blank line of the help's discussions is a paragraph break in mdoc (man warns about blank lines).
# The generator's generic EXIT STATUS (and what follows it) gives way to the sections the binary
# writes itself: KEYS from the dashboard's key table, the README's exit status contract, SEE ALSO.
"$prefix/bin/homescreen" --experimental-manual-sections > "$work/sections"
sed 's/^$/.Pp/' "$work/man/homescreen.1" | awk -v sections="$work/sections" '
    /^\.Sh "?EXIT STATUS"?/ { while ((getline line < sections) > 0) print line; done = 1; exit }
    { print }
    END { if (!done) while ((getline line < sections) > 0) print line }' > "$work/homescreen.1"
put 644 "$work/homescreen.1" "$prefix/share/man/man1/homescreen.1"
for page in "$root"/docs/man/*.5; do
    put 644 "$page" "$prefix/share/man/man5/$(basename "$page")"
done

# Completions, from the installed binary (the values come from it at Tab time).
"$prefix/bin/homescreen" --generate-completion-script bash > "$work/homescreen.bash"
"$prefix/bin/homescreen" --generate-completion-script zsh > "$work/_homescreen"
"$prefix/bin/homescreen" --generate-completion-script fish > "$work/homescreen.fish"
put 644 "$work/homescreen.bash" "$prefix/share/bash-completion/completions/homescreen"
put 644 "$work/_homescreen" "$prefix/share/zsh/site-functions/_homescreen"
put 644 "$work/homescreen.fish" "$prefix/share/fish/vendor_completions.d/homescreen.fish"

{ echo "# homescreen installed-files 2: f SHA256 PATH, d PATH, relative to $prefix"; cat "$work/list"; echo "f share/homescreen/installed-files"; } > "$work/manifest"
folder "$(dirname "$manifest")"
cp "$work/manifest" "$manifest"
echo "installed $("$prefix/bin/homescreen" --version) in $prefix ($(grep -c '^f ' "$manifest") files, $(( $(date +%s) - started )) s)"
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "add $prefix/bin to your PATH, e.g. in ~/.profile: export PATH=\"$prefix/bin:\$PATH\"" ;;
esac
