#!/usr/bin/env bash
# The release executable the benchmarks measure: built with Package.swift's release link, then
# laid out as scripts/install.sh lays it out (scripts/layout-release.py, llvm-bolt). Prints its path.
#   bin=$(scripts/build-release.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --product homescreen >/dev/null
scripts/layout-release.py .build/release/homescreen >/dev/null
echo "$PWD/.build/release/homescreen"
