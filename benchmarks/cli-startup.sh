#!/usr/bin/env bash
# What a whole `s3tm cp` costs a user, start-up included: the tool installed as eng/install-s3tm.sh installs it
# (compiled ahead of time for this machine, ReadyToRun) beside the portable package (compiled as it runs), each
# command a fresh process, the two alternating round by round, against the in-memory S3 endpoint (S3Like: 20 ms to
# the first byte, 60 MB/s per connection). Cases: `--version`; a 1 KiB object down; a 64 MiB object down.
# Prints each case's median and spread in milliseconds, and the ratio portable / ReadyToRun.
# Usage: benchmarks/cli-startup.sh [ROUNDS]   (build first: dotnet build TransferManager.sln -c Release)
set -euo pipefail
ROUNDS=${1:-9}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d)
cp -r "$ROOT/src/S3TransferManager.InMemoryS3/bin/Release/net10.0" "$WORK/server"
export AWS_ACCESS_KEY_ID=test AWS_SECRET_ACCESS_KEY=test AWS_DEFAULT_REGION=us-east-1

bash "$ROOT/eng/install-s3tm.sh" --tool-path "$WORK/r2r" > "$WORK/install.log" 2>&1 || { cat "$WORK/install.log"; exit 1; }
bash "$ROOT/eng/install-s3tm.sh" --tool-path "$WORK/portable" --portable >> "$WORK/install.log" 2>&1 || { cat "$WORK/install.log"; exit 1; }
grep '^installed' "$WORK/install.log"
source "$ROOT/benchmarks/lib/in-memory-endpoint.sh"
start_in_memory_endpoint "$WORK/server/S3TransferManager.InMemoryS3.dll"

E=(--endpoint "$URL" --path-style --quiet)
"$WORK/r2r/s3tm" mb s3://startup "${E[@]}"
head -c 1024 /dev/urandom > "$WORK/small.bin"
head -c $((64 << 20)) /dev/urandom > "$WORK/large.bin"
"$WORK/r2r/s3tm" cp "$WORK/small.bin" s3://startup/small "${E[@]}"
"$WORK/r2r/s3tm" cp "$WORK/large.bin" s3://startup/large "${E[@]}"

ms() { local start end; start=$(date +%s%N); "$@" > /dev/null; end=$(date +%s%N); echo $(( (end - start) / 1000000 )); }
declare -A times
for round in $(seq 1 "$ROUNDS"); do
    # Alternate which goes first, so load that comes and goes hits both alike.
    if [ $((round % 2)) -eq 0 ]; then order=(r2r portable); else order=(portable r2r); fi
    for kind in "${order[@]}"; do
        s3tm="$WORK/$kind/s3tm"
        times[$kind,version]+=" $(ms "$s3tm" --version)"
        times[$kind,small]+=" $(ms "$s3tm" cp s3://startup/small "$WORK/out" --no-resume "${E[@]}")"
        times[$kind,large]+=" $(ms "$s3tm" cp s3://startup/large "$WORK/out" --no-resume "${E[@]}")"
        rm -f "$WORK/out"
    done
done

echo "rounds: $ROUNDS; load: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '| %s | %s | %s | %s |\n' "case" "portable: median (min-max) ms" "ReadyToRun: median (min-max) ms" "portable / ReadyToRun"
printf '|---|---:|---:|---:|\n'
for case in version small large; do
    python3 - "$case" "${times[portable,$case]}" "${times[r2r,$case]}" <<'PY'
import statistics, sys
name, portable, r2r = sys.argv[1], [int(x) for x in sys.argv[2].split()], [int(x) for x in sys.argv[3].split()]
label = {"version": "s3tm --version", "small": "s3tm cp, 1 KiB down", "large": "s3tm cp, 64 MiB down"}[name]
p, r = statistics.median(portable), statistics.median(r2r)
print(f"| {label} | {p:.0f} ({min(portable)}-{max(portable)}) | {r:.0f} ({min(r2r)}-{max(r2r)}) | {p / r:.2f} |")
PY
done
