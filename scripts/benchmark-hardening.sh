#!/usr/bin/env bash
# Issue 21's numbers for BENCHMARKS.md: the cost of PRAGMA quick_check on opening a store for
# writing (10,000 products + 100,000 expenses), and `expense list --json` over 1,000,000
# expenses (time and peak memory). Release build. Needs hyperfine, sqlite3 and GNU time
# (apt-get install hyperfine sqlite3 time).
#   scripts/benchmark-hardening.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(scripts/build-release.sh)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
store="$work/store.sqlite"
export HOMESCREEN_STORE="$store" TZ=Europe/Zurich LANG=C.UTF-8
"$bin" demo >/dev/null
python3 - > "$work/products.json" <<'PY'
import json, random, datetime
random.seed(42)
today = datetime.date.today()
print(json.dumps([{"name": f"Product {i}", "due": (today + datetime.timedelta(days=random.randint(-30, 365))).isoformat(),
                   "amount": str(random.randint(1, 9))} for i in range(10000)]))
PY
"$bin" pantry import "$work/products.json" >/dev/null
expenses() {
  sqlite3 "$store" "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < $1 - 1)
    INSERT INTO expense (amountCents, day, note, createdAt)
    SELECT 100 + (i * 7919) % 9900, date('now', 'start of year', '+' || (i % 365) || ' days'), 'Expense ' || i, datetime('now') FROM n;"
}
expenses 100000
echo "== $(sqlite3 "$store" 'SELECT COUNT(*) FROM product') products, $(sqlite3 "$store" 'SELECT COUNT(*) FROM expense') expenses, $(du -h "$store" | cut -f1)"
echo "== PRAGMA quick_check(1) alone (sqlite3), and commands that open the store for writing (with it) or reading (without)"
hyperfine -N --warmup 3 --runs 30 \
  "sqlite3 $store 'PRAGMA quick_check(1)'" \
  "$bin budget set 2026-12 --limit 3000 --currency CHF" \
  "$bin status pantry --format plain" 2>&1 | grep -E "Benchmark|Time"
expenses 900000
echo "== expense list --month all --json over $(sqlite3 "$store" 'SELECT COUNT(*) FROM expense') expenses"
/usr/bin/time -f "%e s elapsed, %M KB peak resident" "$bin" expense list --month all --json > "$work/out.json"
echo "   $(wc -c < "$work/out.json") bytes written"
