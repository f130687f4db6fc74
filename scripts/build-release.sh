#!/usr/bin/env bash
# The release executables the benchmarks measure, built and stripped as scripts/install.sh builds
# and installs them (Package.swift's release link, no library path of their own, no debug
# information). Prints the path of homescreen (homescreen-serve is beside it).
#   bin=$(scripts/build-release.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --disable-local-rpath --product homescreen >/dev/null
swift build -c release --static-swift-stdlib --disable-local-rpath --product homescreen-serve >/dev/null
out=.build/release-stripped
mkdir -p "$out"
for name in homescreen homescreen-serve; do strip --strip-debug -o "$out/$name" ".build/release/$name"; done
echo "$PWD/$out/homescreen"
