#!/usr/bin/env bash
# Writes Tests/EndToEndTests/Vectors/schema7/: a SQLite store and a PostgreSQL dump made by the
# last build before kinds owned their data (schema 7, commit 04f1417), and what that build
# listed from them. SchemaUpgradeTests opens both with the current build and compares.
# Needs PostgreSQL (scripts/postgres-test-cluster.sh) and psql, sqlite3, pg_dump. Run once.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH" TZ=Europe/Zurich LANG=C.UTF-8 LC_ALL=C.UTF-8
out=Tests/EndToEndTests/Vectors/schema7
work=$(mktemp -d)
trap 'git worktree remove --force "$work/old" 2>/dev/null || true; rm -rf "$work"' EXIT
git worktree add -q "$work/old" 04f1417
(cd "$work/old" && swift build --product homescreen >/dev/null)
old="$work/old/.build/debug/homescreen"
eval "$(scripts/postgres-test-cluster.sh start)"
trap 'scripts/postgres-test-cluster.sh stop "$HOMESCREEN_TEST_POSTGRES_DIR"; git worktree remove --force "$work/old" 2>/dev/null || true; rm -rf "$work"' EXIT
psql -X -q -d "$HOMESCREEN_TEST_POSTGRES" -c "CREATE DATABASE schema7"
pg="${HOMESCREEN_TEST_POSTGRES%/postgres}/schema7"
mkdir -p -m 700 "$work/private" "$out"
sqlite="$work/private/store.sqlite"
for store in "$sqlite" "$pg"; do
    "$old" demo --today 2026-11-25 --store "$store"
    "$old" pantry consume --store "$store"
    "$old" expense add 12.35 --date 2026-11-20 --note "Café ☕ « test »" --store "$store"
    "$old" event import "$out/ev.ics" --store "$store"
done
list() {  # backend store
    "$old" pantry list --today 2026-11-25 --store "$2" > "$out/$1-pantry-list.out"
    "$old" expense list --month all --json --store "$2" > "$out/$1-expense-list.out"
    "$old" card list --json --store "$2" > "$out/$1-card-list.out"
    # Printed on 2026-11-25 (that build had no --today): the test lists with --today 2026-11-25.
    "$old" event list --from 2026-11-25 --to 2027-11-24 --json --store "$2" > "$out/$1-event-list.out"
}
list sqlite "$sqlite"
list postgres "$pg"
sqlite3 "$sqlite" "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null
cp "$sqlite" "$out/sqlite-store.sqlite"
# psql's \restrict lines (pg_dump 15.14+) are left out: the dump is ours and older psqls refuse them.
pg_dump --no-owner --no-privileges --schema=homescreen "$pg" | sed '/^\\restrict\|^\\unrestrict/d' > "$out/postgres-dump.sql"
