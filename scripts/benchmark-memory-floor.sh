#!/usr/bin/env bash
# Issue 36, point 4 (BENCHMARKS.md): the resident memory of two programs that do nothing but
# start, built as the dashboard is (release, static Swift standard library), to see what a
# Swift executable costs before any of Homescreen runs:
# - "Foundation": a named time zone, a date in a localized format and a compact number: what
#   the dashboard asks of Foundation, through ICU;
# - "FoundationEssentials": the same package without FoundationInternationalization (no ICU):
#   dates, JSON, a fixed-offset time zone.
# Each computes its line (printed when it ends), sleeps, and its VmRSS and largest mappings are read from /proc.
#   scripts/benchmark-memory-floor.sh
set -euo pipefail
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
measure() {   # NAME SOURCE
  local dir="$work/$1"
  mkdir -p "$dir/Sources/floor"
  printf '// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: "floor", targets: [.executableTarget(name: "floor")])\n' > "$dir/Package.swift"
  printf '%s\n' "$2" > "$dir/Sources/floor/main.swift"
  (cd "$dir" && swift build -c release --static-swift-stdlib >/dev/null)
  "$dir/.build/release/floor" > "$dir/out" &
  local pid=$!
  sleep 2
  echo "== $1"
  grep VmRSS "/proc/$pid/status"
  awk '/^[0-9a-f]/ {name = $6 " " $2} /^Rss/ {kb[name] += $2} END {for (n in kb) if (kb[n] >= 300) printf "  %6d KB %s\n", kb[n], n}' "/proc/$pid/smaps" | sort -rn
  kill "$pid"
}
measure Foundation 'import Foundation
let formatter = DateFormatter()
formatter.timeZone = TimeZone(identifier: "Europe/Zurich")!
formatter.locale = Locale(identifier: "en_US")
formatter.setLocalizedDateFormatFromTemplate("EEEMMMd")
print(formatter.string(from: Date()), (1427.5 as Decimal).formatted(.number.notation(.compactName)))
sleep(30)'
measure FoundationEssentials 'import FoundationEssentials
import Glibc
let data = try! JSONEncoder().encode(["now": Date().timeIntervalSince1970])
print(String(decoding: data, as: UTF8.self), TimeZone(secondsFromGMT: 3600)!.identifier)
sleep(30)'
