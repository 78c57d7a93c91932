#!/usr/bin/env bash
# Runs the library's real-server tests (xUnit trait Category=RealServer) against an S3-compatible server installed from
# Debian or npm packages and started on 127.0.0.1 only.
#
#   eng/servers/run.sh NAME          install what is missing, start, run the tests, stop and delete the server's data
#   eng/servers/run.sh start NAME    install what is missing and start; prints the endpoint and keys, leaves it running
#   eng/servers/run.sh test NAME     run the tests against a server started by `start`
#   eng/servers/run.sh stop NAME     stop a server started by `start` and delete its data
#
# NAME is s3rver (npm, 3.7.x), ceph (Debian's radosgw with one monitor and one memstore OSD) or swift (Debian's
# OpenStack Swift, one node, with the s3api middleware). Needs root for apt-get (as on this project's machines and CI).
# A last argument narrows the tests with a dotnet test filter: eng/servers/run.sh ceph "FullyQualifiedName~Upload".
# A start that fails prints why and is tried once more. Each step prints its duration ("install: 12 s"), and the tests'
# totals come last ("tests: N passed, N failed, N skipped").
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$SCRIPT_DIR/../.." && pwd)"
# Installed packages that are not Debian's (s3rver's node_modules) stay here between runs; each server's data, logs and
# process ids live under SERVERS_STATE and are deleted by `stop`.
SERVERS_CACHE="${S3TM_SERVERS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/s3tm-servers}"
SERVERS_STATE="${S3TM_SERVERS_STATE:-${TMPDIR:-/tmp}/s3tm-servers}"

usage() {
    sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

# apt-get update once per run, then install; daemons the packages would start are kept from starting
# (policy-rc.d answers 101, "action forbidden"), since this script starts its own on loopback.
APT_UPDATED=0
apt_install() {
    local missing=()
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    [ "${#missing[@]}" -eq 0 ] && return 0
    if [ "$(id -u)" -ne 0 ]; then
        echo "needs root to install: ${missing[*]}" >&2
        return 1
    fi

    if [ "$APT_UPDATED" -eq 0 ]; then
        apt-get update -qq
        APT_UPDATED=1
    fi

    local policy=/usr/sbin/policy-rc.d made_policy=0
    if [ ! -e "$policy" ]; then
        printf '#!/bin/sh\nexit 101\n' >"$policy"
        chmod +x "$policy"
        made_policy=1
    fi

    local status=0
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >"$STATE_LOGS/apt.log" 2>&1 || status=$?
    [ "$made_policy" -eq 1 ] && rm -f "$policy"
    if [ "$status" -ne 0 ]; then
        tail -n 30 "$STATE_LOGS/apt.log" >&2
    fi

    return "$status"
}

# Waits until URL answers any HTTP status (the server is up), or fails after SECONDS with the log's tail.
wait_for_http() {
    local url="$1" seconds="$2" log="$3"
    local deadline=$((SECONDS + seconds))
    until curl -s -o /dev/null "$url"; do
        if [ "$SECONDS" -ge "$deadline" ]; then
            echo "no answer from $url after $seconds s; the end of $log:" >&2
            tail -n 30 "$log" >&2 || true
            return 1
        fi

        sleep 0.5
    done
}

# Stops the process whose id is in FILE (TERM, then KILL after 10 s), and removes FILE.
stop_pid_file() {
    local file="$1"
    [ -f "$file" ] || return 0
    local pid
    pid="$(cat "$file")"
    if kill -0 "$pid" 2>/dev/null; then
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 1 100); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done

        kill -9 "$pid" 2>/dev/null || true
    fi

    rm -f "$file"
}

load_server() {
    NAME="$1"
    case "$NAME" in
        s3rver | ceph | swift) ;;
        *) echo "unknown server '$NAME': use s3rver, ceph or swift" >&2; exit 2 ;;
    esac

    STATE="$SERVERS_STATE/$NAME"
    STATE_LOGS="$SERVERS_STATE/logs"
    mkdir -p "$STATE_LOGS"
    # shellcheck source=/dev/null
    source "$SCRIPT_DIR/$NAME.sh"
}

do_install() {
    local started=$SECONDS
    if "${NAME}_installed"; then
        echo "install: already installed (0 s)"
        return 0
    fi

    "install_$NAME"
    echo "install: $((SECONDS - started)) s"
}

do_start() {
    rm -rf "$STATE"
    mkdir -p "$STATE"
    local started=$SECONDS
    "start_$NAME"
    {
        echo "export S3TM_REAL_SERVER=$NAME"
        echo "export S3TM_REAL_SERVER_ENDPOINT=$ENDPOINT"
        echo "export S3TM_REAL_SERVER_ACCESS_KEY=$ACCESS_KEY"
        echo "export S3TM_REAL_SERVER_SECRET_KEY=$SECRET_KEY"
    } >"$STATE/endpoint.env"
    echo "start: $((SECONDS - started)) s"
    echo "endpoint: $ENDPOINT  access key: $ACCESS_KEY  secret key: $SECRET_KEY  (path-style, region us-east-1)"
    echo "the same, for a shell: source $STATE/endpoint.env"
}

do_stop() {
    "stop_$NAME" || true
    rm -rf "$STATE"
}

# The ends of the server's own logs (its daemons write there, not to this script's output), so that a start that
# failed says why before stop deletes them. Binary files named *.log (the Ceph monitor's database journal) are left out.
print_server_logs() {
    local log
    while IFS= read -r log; do
        grep -Iq . "$log" || continue
        echo "--- the end of $log:"
        tail -n 20 "$log"
    done < <(find "$STATE" -name '*.log' -type f 2>/dev/null | sort)
}

# Starts the server, and once more if that failed: a daemon that did not come up is the machine's hiccup, not a finding
# of the tests. A failed start is printed with the command that failed and the ends of the server's logs.
start_with_one_retry() {
    # Checked once, before any attempt: a failed attempt stops what it started, which must not be a running server.
    if [ -f "$STATE/endpoint.env" ]; then
        echo "$NAME is already running (eng/servers/run.sh stop $NAME stops it)" >&2
        return 1
    fi

    local attempt status=0
    for attempt in 1 2; do
        set +e
        (
            set -eE
            trap 'echo "start failed at: $BASH_COMMAND (exit $?)"' ERR
            do_start
        )
        status=$?
        set -e
        [ "$status" -ne 0 ] || return 0
        print_server_logs
        do_stop
        [ "$attempt" -eq 2 ] || echo "start: failed (exit $status); starting again, once"
    done

    return "$status"
}

do_test() {
    if [ ! -f "$STATE/endpoint.env" ]; then
        echo "$NAME is not running: eng/servers/run.sh start $NAME" >&2
        return 1
    fi

    # shellcheck source=/dev/null
    source "$STATE/endpoint.env"
    # The TRX files go to S3TM_REAL_SERVER_RESULTS when set (CI counts them with the rest), else to a folder deleted after.
    local results="${S3TM_REAL_SERVER_RESULTS:-}" started=$SECONDS status=0 keep=1
    if [ -z "$results" ]; then
        results="$(mktemp -d)"
        keep=0
    fi

    # The project's default.runsettings (Category!=RealServer) is combined with any --filter, so this run replaces it
    # with real-server.runsettings (Category=RealServer); a narrowing filter is combined with that one.
    local narrow=()
    [ -z "$NARROW" ] || narrow=(--filter "$NARROW")
    dotnet test "$REPO/tests/S3TransferManager.IntegrationTests/S3TransferManager.IntegrationTests.csproj" -c Release \
        --settings "$SCRIPT_DIR/real-server.runsettings" "${narrow[@]}" \
        --logger "trx" --logger "console;verbosity=normal" --results-directory "$results" || status=$?
    echo "test run: $((SECONDS - started)) s"
    python3 "$REPO/.ci/trx_totals.py" "$results" || status=1
    [ "$keep" -eq 1 ] || rm -rf "$results"
    return "$status"
}

[ $# -ge 1 ] || usage
command="$1"
case "$command" in
    start | stop | test | install) [ $# -ge 2 ] || usage; load_server "$2"; shift 2 ;;
    -h | --help) usage ;;
    *) load_server "$1"; command=all; shift ;;
esac

NARROW="${1:-}"

case "$command" in
    install) do_install ;;
    start) do_install; start_with_one_retry ;;
    stop) do_stop; echo "$NAME stopped" ;;
    test) do_test ;;
    all)
        do_install
        trap 'do_stop' EXIT
        start_with_one_retry
        do_test
        ;;
esac
