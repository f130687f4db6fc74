#!/usr/bin/env bash
# The release executable the benchmarks measure, built and laid out as scripts/install.sh builds
# and lays it out (Package.swift's release link, no library path of its own; then
# scripts/layout-release.py, llvm-bolt). Prints its path.
#   bin=$(scripts/build-release.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --disable-local-rpath --product homescreen >/dev/null
scripts/layout-release.py .build/release/homescreen >/dev/null
echo "$PWD/.build/release/homescreen"
