#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests (the store suite on PostgreSQL), in a temporary
# folder, run by the `postgres` user when this runs as root (the server refuses root), else by
# whoever runs it, on a Unix socket and on 127.0.0.1 only. Local socket connections are trusted; TCP connections need a password
# (scram-sha-256), so the tests can check a wrong password.
#   eval "$(scripts/postgres-test-cluster.sh start)"   # exports HOMESCREEN_TEST_POSTGRES…
#   scripts/postgres-test-cluster.sh stop DIR
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$bin" ] || { echo "PostgreSQL is not installed (apt-get install postgresql libpq-dev)" >&2; exit 1; }
# The server's user: postgres under root, else the caller.
as_server() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
case "${1:-}" in
start)
    dir=$(mktemp -d /tmp/homescreen-pg.XXXXXX)
    chmod 755 "$dir"
    mkdir "$dir/data" "$dir/socket"
    mkdir "$dir/log"
    [ "$(id -u)" != 0 ] || chown postgres "$dir/data" "$dir/socket" "$dir/log"
    # The first free port from 55432 (another cluster may be running).
    port=${HOMESCREEN_TEST_POSTGRES_PORT:-}
    if [ -z "$port" ]; then
        for candidate in $(seq 55432 55532); do
            if ! (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then port=$candidate; break; fi
        done
    fi
    as_server "$bin/initdb" -D "$dir/data" -A trust --no-sync -U postgres >/dev/null
    cat > "$dir/data/pg_hba.conf" <<HBA
local all all trust
host all postgres 127.0.0.1/32 trust
host all all 127.0.0.1/32 scram-sha-256
HBA
    as_server "$bin/pg_ctl" -D "$dir/data" -l "$dir/log/server.log" -w \
        -o "-p $port -k $dir/socket -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null
    as_server "$bin/psql" -q -h "$dir/socket" -p "$port" -U postgres -d postgres \
        -c "CREATE ROLE homescreen LOGIN SUPERUSER PASSWORD 'hs-test-secret'" >/dev/null
    echo "export HOMESCREEN_TEST_POSTGRES_DIR='$dir'"
    # Tests create one database each, connecting as postgres over the socket.
    echo "export HOMESCREEN_TEST_POSTGRES='postgresql://postgres@${dir//\//%2F}%2Fsocket:$port/postgres'"
    echo "export HOMESCREEN_TEST_POSTGRES_TCP='postgresql://homescreen@127.0.0.1:$port/postgres'"
    echo "export HOMESCREEN_TEST_POSTGRES_PASSWORD='hs-test-secret'"
    ;;
stop)
    dir=${2:?the cluster folder}
    as_server "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null || true
    rm -rf "$dir"
    ;;
*) echo "usage: $0 start | stop DIR" >&2; exit 2 ;;
esac
