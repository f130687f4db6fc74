#!/usr/bin/env bash
# Issue 36: what reads and writes cost as the store grows (BENCHMARKS.md). Stores of 1k, 10k and
# 100k products and of 100k and 1M expenses, each the demo store plus rows made by one SQL
# statement (every rule of the store in force); reads (`status pantry`, `render pantry`, the
# dashboard's first frame) and writes (`expense add`, `pantry add`, `pantry consume`), each
# size against the smallest in interleaved rounds (hyperfine, `rounds` × `runs`); and 100,000
# expenses inserted by sqlite3 in one transaction beside the same insert into a table with the
# same columns and index and no triggers. Release build, static Swift standard library. Needs
# hyperfine, sqlite3, tmux and python3.
#   scripts/benchmark-store-size.sh            # 5 rounds of 10 runs
#   scripts/benchmark-store-size.sh 3 5        # shorter
#   BIN=/path/to/homescreen scripts/benchmark-store-size.sh   # another build (before/after)
#   ROWS=file scripts/benchmark-store-size.sh  # append the table's rows to file (benchmark.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
runs=${2:-10}
if [ -z "${BIN:-}" ]; then
  swift build -c release --static-swift-stdlib --product homescreen >/dev/null
  BIN=$PWD/.build/release/homescreen
fi
bin=$BIN
work=$(mktemp -d)
chmod 700 "$work"
socket="hs-size-$$"
cleanup() { tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
export TZ=Europe/Zurich LANG=C.UTF-8 XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state" TERM=tmux-256color
mkdir -m 700 "$work/config" "$work/state"
rows=${ROWS:-$work/rows}
own_table=$([ -z "${ROWS:-}" ] && echo yes || echo no)
row() { printf '| %s | %s | %s | %s | %s | %s |\n' "$@" >> "$rows"; }
within() { python3 -c "import sys; print('met' if float(sys.argv[1]) <= float(sys.argv[2]) else 'not met')" "$1" "$2"; }

"$bin" demo --store "$work/demo.sqlite" >/dev/null
# The demo store plus `n` products (due from 30 days ago to a year ahead, 1–9 units each).
products() {
  cp "$work/demo.sqlite" "$work/p$1.sqlite"
  sqlite3 "$work/p$1.sqlite" "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $1)
    INSERT INTO product (name, amountMilli, unit, due, createdAt)
    SELECT 'Product ' || i, 1000 * (1 + i % 9), '', date('now', ((i * 7919) % 396 - 30) || ' days'), datetime('now') FROM n;"
}
# The demo store plus `n` expenses over this year (the demo's currency; `expense add` joins a
# month of n / 12 of them).
# SET_ASIDE_TRIGGERS=1 (for a build whose rules scan the month, which would take hours): the
# expense triggers are set aside for the insert and the month totals added from the new rows.
expenses() {
  cp "$work/demo.sqlite" "$work/e$1.sqlite"
  local triggers="" totals=""
  if [ -n "${SET_ASIDE_TRIGGERS:-}" ]; then
    sqlite3 "$work/e$1.sqlite" "SELECT sql || ';' FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'expense'" > "$work/triggers.sql"
    triggers=$(sqlite3 "$work/e$1.sqlite" "SELECT group_concat('DROP TRIGGER \"' || name || '\"', '; ') || ';' FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'expense'")
    totals="INSERT INTO monthTotal (month, spentCents, expenseCount) SELECT substr(day, 1, 7), SUM(amountCents), COUNT(*) FROM expense
      WHERE id > (SELECT MAX(id) FROM expense) - $1 GROUP BY 1 ON CONFLICT(month) DO UPDATE SET spentCents = spentCents + excluded.spentCents,
      expenseCount = expenseCount + excluded.expenseCount; $(cat "$work/triggers.sql")"
  fi
  sqlite3 "$work/e$1.sqlite" "BEGIN; $triggers WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < $1 - 1)
    INSERT INTO expense (amountCents, currency, day, note, createdAt)
    SELECT 100 + (i * 7919) % 9900, 'CHF', date('now', 'start of year', '+' || (i % 365) || ' days'), 'Expense ' || i, datetime('now') FROM n; $totals COMMIT;"
}
start=$(date +%s)
for n in 1000 10000 100000; do products "$n"; done
echo "== product stores made in $(( $(date +%s) - start )) s"
start=$(date +%s%N)
expenses 100000
expenses 1000000
echo "== expense stores made in $(( ($(date +%s%N) - start) / 1000000 )) ms (1,100,000 expenses inserted by sqlite3, every rule in force)"
echo "== machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"

# Medians (ms) of each command, run in `rounds` interleaved hyperfine rounds of `runs` each.
# compare NAME1 CMD1 NAME2 CMD2 ...; prints "median1 median2 ...".
compare() {
  local args=() i
  while [ $# -gt 0 ]; do args+=(-n "$1" "$2"); shift 2; done
  for ((i = 1; i <= rounds; i++)); do
    hyperfine -N --warmup 3 --runs "$runs" --export-json "$work/round$i.json" "${args[@]}" >/dev/null 2>&1
  done
  python3 - "$work" "$rounds" <<'PY'
import json, sys, statistics
work, rounds = sys.argv[1], int(sys.argv[2])
times = {}
for i in range(1, rounds + 1):
    for r in json.load(open(f"{work}/round{i}.json"))["results"]:
        times.setdefault(r["command"], []).extend(r["times"])
print(" ".join(f"{statistics.median(t) * 1000:.2f}" for t in times.values()))
PY
}
# ratio_row WHAT TARGET_RATIO NAMES... MEDIANS...: one row per size against the first.
sizes_row() {
  local what=$1 target=$2 names=$3 medians=$4
  read -ra n <<< "$names"; read -ra m <<< "$medians"
  local measured="" i
  for ((i = 0; i < ${#n[@]}; i++)); do measured+="${n[$i]} ${m[$i]} ms; "; done
  local r
  r=$(python3 -c "import sys; print(f'{float(sys.argv[2]) / float(sys.argv[1]):.2f}')" "${m[0]}" "${m[-1]}")
  row "$what" "${target:+≤ ${target}× ${n[0]}}" "${measured%; }" "${n[0]} ${m[0]} ms" "$r×" "$([ -n "$target" ] && within "$r" "$target" || echo —)"
}

p=$work/p
echo "== status pantry"
sizes_row "\`status pantry --format tmux\`, products" 1.2 "1k 10k 100k" "$(compare \
  1k "$bin status pantry --format tmux --store ${p}1000.sqlite" \
  10k "$bin status pantry --format tmux --store ${p}10000.sqlite" \
  100k "$bin status pantry --format tmux --store ${p}100000.sqlite")"
echo "== render pantry"
sizes_row "\`render pantry --family systemLarge --format plain\`, products" "" "1k 10k 100k" "$(compare \
  1k "$bin render pantry --family systemLarge --format plain --store ${p}1000.sqlite" \
  10k "$bin render pantry --family systemLarge --format plain --store ${p}10000.sqlite" \
  100k "$bin render pantry --family systemLarge --format plain --store ${p}100000.sqlite")"
echo "== pantry add"
sizes_row "\`pantry add\`, products" 1.2 "1k 10k 100k" "$(compare \
  1k "$bin pantry add Bench --due +10d --store ${p}1000.sqlite" \
  10k "$bin pantry add Bench --due +10d --store ${p}10000.sqlite" \
  100k "$bin pantry add Bench --due +10d --store ${p}100000.sqlite")"
echo "== pantry consume"
sizes_row "\`pantry consume\` (the first product), products" 1.2 "1k 10k 100k" "$(compare \
  1k "$bin pantry consume --store ${p}1000.sqlite" \
  10k "$bin pantry consume --store ${p}10000.sqlite" \
  100k "$bin pantry consume --store ${p}100000.sqlite")"
echo "== expense add"
sizes_row "\`expense add\` (today's month), expenses" 1.2 "demo 100k 1M" "$(compare \
  demo "$bin expense add 1.25 --note Bench --store $work/demo.sqlite" \
  100k "$bin expense add 1.25 --note Bench --store $work/e100000.sqlite" \
  1M "$bin expense add 1.25 --note Bench --store $work/e1000000.sqlite")"

# What opening for writing costs when another program wrote the file since a Homescreen process
# last left it: `PRAGMA quick_check` reads every page (issue 21: a damaged store is refused
# before anything is written to it); an unchanged file is not checked again (CheckedMark).
echo "== quick_check"
sizes_row "\`PRAGMA quick_check(1)\` alone (sqlite3), run by an open for writing after another program's write: products" "" "1k 100k" "$(compare \
  1k "sqlite3 -readonly ${p}1000.sqlite 'PRAGMA quick_check(1)'" \
  100k "sqlite3 -readonly ${p}100000.sqlite 'PRAGMA quick_check(1)'")"
sizes_row "\`PRAGMA quick_check(1)\` alone (sqlite3): expenses" "" "demo 1M" "$(compare \
  demo "sqlite3 -readonly $work/demo.sqlite 'PRAGMA quick_check(1)'" \
  1M "sqlite3 -readonly $work/e1000000.sqlite 'PRAGMA quick_check(1)'")"

# The same `expense add` right after a write by sqlite3 (hyperfine's --prepare, not timed):
# the file is not as Homescreen left it, so the open checks it.
echo "== expense add after another program's write"
foreign="sqlite3 $work/e1000000.sqlite 'UPDATE expense SET note = note WHERE id = (SELECT MIN(id) FROM expense)'"
hyperfine -N --warmup 1 --runs "$runs" --export-json "$work/foreign.json" --prepare "$foreign" \
  "$bin expense add 1.25 --note Bench --store $work/e1000000.sqlite" >/dev/null 2>&1
ms=$(python3 -c "import json, sys; print(f\"{json.load(open(sys.argv[1]))['results'][0]['median'] * 1000:.2f}\")" "$work/foreign.json")
row "\`expense add\` at 1M expenses right after a \`sqlite3\` write (the open checks the file; median of $runs)" "—" "$ms ms" "—" "—" "—"

echo "== 100,000 expenses in one transaction by sqlite3, beside a table with the same columns and index and no triggers"
insert="BEGIN; WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 99999)
  INSERT INTO expense (amountCents, currency, day, note, createdAt)
  SELECT 100 + (i * 7919) % 9900, 'CHF', date('now', 'start of year', '+' || (i % 365) || ' days'), 'Expense ' || i, datetime('now') FROM n; COMMIT;"
# The plain table: the expense table's columns and CHECKs and its index by day, as the store
# had them before issue 36 (the index by month belongs to the rules' cost).
sqlite3 "$work/plain.sqlite" "$(sqlite3 "$work/demo.sqlite" "SELECT group_concat(sql, '; ') FROM sqlite_master WHERE tbl_name = 'expense' AND (type = 'table' OR name = 'expenseByDay')")"
echo "$insert" > "$work/insert.sql"
for table in store plain; do
  source=$([ "$table" = store ] && echo demo || echo plain)
  hyperfine -N --runs "${BULK_RUNS:-5}" --export-json "$work/bulk-$table.json" \
    --prepare "cp $work/$source.sqlite $work/bulk-$table.sqlite" "sqlite3 $work/bulk-$table.sqlite '.read $work/insert.sql'" >/dev/null 2>&1
  [ "$(sqlite3 "$work/bulk-$table.sqlite" "SELECT COUNT(*) FROM expense WHERE note LIKE 'Expense %'")" -ge 100000 ] || { echo "the bulk insert into $table failed"; exit 1; }
done
read -r store_ms plain_ms < <(python3 -c "import json, sys; print(' '.join(f\"{json.load(open(f))['results'][0]['median']*1000:.0f}\" for f in sys.argv[1:]))" "$work/bulk-store.json" "$work/bulk-plain.json")
r=$(python3 -c "import sys; print(f'{float(sys.argv[1]) / float(sys.argv[2]):.2f}')" "$store_ms" "$plain_ms")
row "100,000 expenses inserted by sqlite3 in one transaction (demo store, every rule in force; median of ${BULK_RUNS:-5})" "≤ 3× the table without triggers" "$store_ms ms" "no triggers $plain_ms ms" "$r×" "$(within "$r" 3)"

echo "== first frame at 160×48 (hyperfine in a tmux pane)"
first() {
  tmux -L "$socket" kill-server 2>/dev/null || true
  tmux -L "$socket" -f /dev/null new-session -d -x 160 -y 48 \
    "env HOMESCREEN_STORE=$1 hyperfine --warmup 3 --runs $((rounds * runs)) --export-json $work/first.json '$bin --exit-after-first-frame </dev/tty >/dev/tty' > $work/first.txt 2>&1; tmux -L $socket wait-for -S done"
  tmux -L "$socket" wait-for done
  python3 -c "import json, sys; print(f\"{json.load(open(sys.argv[1]))['results'][0]['median'] * 1000:.1f}\")" "$work/first.json"
}
for store in "100k products:${p}100000.sqlite" "1M expenses:$work/e1000000.sqlite"; do
  ms=$(first "${store#*:}")
  row "dashboard's first frame at 160×48, ${store%%:*} (median)" "≤ 100 ms" "$ms ms" "100 ms" "$(python3 -c "import sys; print(f'{float(sys.argv[1]) / 100:.2f}')" "$ms")" "$(within "$ms" 100)"
done

if [ "$own_table" = yes ]; then
  echo
  echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "| what | target | measured | reference | ratio | |"
  echo "|:--|:--|:--|:--|--:|:--|"
  cat "$rows"
fi
