#!/usr/bin/env bash
# Benchmarks for BENCHMARKS.md. Release build with a static Swift standard library (as a user
# would install it). Needs hyperfine and sqlite3 (apt-get install hyperfine sqlite3).
#   scripts/benchmark.sh            # 10,000 products
#   scripts/benchmark.sh 50000      # another pantry size
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-10000}

swift build -c release --static-swift-stdlib --product homescreen >/dev/null
swift build -c release --static-swift-stdlib --product homescreen-bench >/dev/null
bin=.build/release/homescreen

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
store="$work/store.sqlite"
"$bin" demo --store "$store" >/dev/null
python3 - "$count" > "$work/products.json" <<'PY'
import json, sys, random, datetime
random.seed(42)
today = datetime.date.today()
n = int(sys.argv[1])
print(json.dumps([{"name": f"Product {i}", "due": (today + datetime.timedelta(days=random.randint(-30, 365))).isoformat(),
                   "amount": str(random.randint(1, 9))} for i in range(n)]))
PY
"$bin" pantry import --store "$store" "$work/products.json" >/dev/null

echo "== machine: $(nproc) cores, $(uname -r), $(sqlite3 --version | cut -d' ' -f1) sqlite3"
echo "== status line vs sqlite3 reading the same store ($((count + 14)) products)"
export HOMESCREEN_STORE="$store" TZ=Europe/Zurich
hyperfine --warmup 20 --runs 200 -N --export-json "$work/status.json" \
  -n "homescreen status pantry --format tmux" "$bin status pantry --format tmux" \
  -n "sqlite3 first-expiring row + counts" "sqlite3 -readonly $store \"SELECT name, due FROM product WHERE amountMilli > 0 ORDER BY due, name, id LIMIT 1; SELECT COUNT(*) FROM product WHERE amountMilli > 0\"" \
  >/dev/null
python3 - "$work/status.json" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
base = results[1]["median"]
print("| command | median ms | mean ± σ ms | × sqlite3 (median) |")
print("|:--|--:|--:|--:|")
for r in results:
    print(f"| `{r['command']}` | {r['median']*1000:.2f} | {r['mean']*1000:.2f} ± {r['stddev']*1000:.2f} | {r['median']/base:.2f} |")
PY
echo
echo "== in-process timings (homescreen-bench $count)"
.build/release/homescreen-bench "$count"
