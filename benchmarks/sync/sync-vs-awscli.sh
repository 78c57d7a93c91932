#!/usr/bin/env bash
# s3tm sync beside aws s3 sync and rclone sync (each at its defaults) on the in-memory S3 endpoint (S3Like: 20 ms to the first byte, 60 MB/s per connection):
# a tree of FILES files (1 KiB to 64 KiB), first sync to an empty prefix, a no-op re-sync, and a re-sync after 1% of
# the files changed (rewritten one byte longer). Each tool gets its own bucket; which tool goes first rotates round by
# round.
# Prints one line per (round, tool, case): wall seconds and the endpoint's request counts.
# s3tm is run as users run it: installed by eng/install-s3tm.sh (a tool package compiled ahead of time for this
# machine) into a temporary tool path. S3TM=/path/to/s3tm runs another build instead (e.g. "dotnet path/to/s3tm.dll"
# for the portable Release build, which compiles as it runs). S3TM_BASELINE=/path/to/s3tm adds a second s3tm build (e.g.
# main's installed tool) as a third tool in every round, under the same load. The last lines are each case's median of
# per-round ratios, aws / tool and rclone / tool.
# Usage: benchmarks/sync/sync-vs-awscli.sh [ROUNDS] [FILES]   (build first: dotnet build TransferManager.sln -c Release)
set -euo pipefail
ROUNDS=${1:-3}
FILES=${2:-2000}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=$(mktemp -d)
# A copy of the server's build, so a rebuild while this runs cannot swap the binaries under it.
cp -r "$ROOT/src/S3TransferManager.InMemoryS3/bin/Release/net10.0" "$WORK/server"
SERVER_DLL=$WORK/server/S3TransferManager.InMemoryS3.dll
if [ -z "${S3TM:-}" ]; then
  "$ROOT/eng/install-s3tm.sh" --tool-path "$WORK/tool" > /dev/null
  S3TM=$WORK/tool/s3tm
fi
export AWS_ACCESS_KEY_ID=test AWS_SECRET_ACCESS_KEY=test AWS_DEFAULT_REGION=us-east-1

source "$ROOT/benchmarks/lib/in-memory-endpoint.sh"
start_in_memory_endpoint "$SERVER_DLL"
# rclone from the environment alone, when it is installed: a remote named "mem" (ListObjectsV2, path style, and no
# bucket check, which the endpoint does not implement).
TOOLS=(s3tm aws)
if command -v rclone > /dev/null; then
  TOOLS+=(rclone)
  export RCLONE_CONFIG_MEM_TYPE=s3 RCLONE_CONFIG_MEM_PROVIDER=Other RCLONE_CONFIG_MEM_ENDPOINT=$URL \
    RCLONE_CONFIG_MEM_ACCESS_KEY_ID=test RCLONE_CONFIG_MEM_SECRET_ACCESS_KEY=test RCLONE_CONFIG_MEM_REGION=us-east-1 \
    RCLONE_CONFIG_MEM_FORCE_PATH_STYLE=true RCLONE_CONFIG_MEM_LIST_VERSION=2 RCLONE_CONFIG_MEM_NO_CHECK_BUCKET=true
fi

python3 - "$WORK/tree" "$FILES" <<'PY'
import os, random, sys, time
root, count = sys.argv[1], int(sys.argv[2])
rng = random.Random(42)
old = time.time() - 3600
for i in range(count):
    path = os.path.join(root, f"d{i % 20:02d}", f"s{(i // 20) % 10}", f"file{i:05d}.bin")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(rng.randbytes(rng.randint(1024, 65536)))
    os.utime(path, (old, old))
PY

# Warm the endpoint before anything is timed: it runs as a portable build, so its first listings of 1,000 keys and its
# first PUTs are compiled as they run, and would be charged to whichever tool went first.
$S3TM mb s3://warmup --endpoint "$URL" --quiet > /dev/null
$S3TM sync --quiet "$WORK/tree" s3://warmup/tree --endpoint "$URL"
for _ in 1 2 3 4 5; do $S3TM ls -r s3://warmup/tree/ --endpoint "$URL" > /dev/null; done

counts() { curl -s "$URL/_inmemory/counters" | tr "\n" " " | grep -oE "(Total|ListObjectsV2|PutObject|HeadObject|MaxConcurrentRequests)=[0-9]+" | tr "\n" " "; }
reset() { curl -s -X POST "$URL/_inmemory/reset-counters" > /dev/null; }

run_case() { # tool case bucket
  local tool=$1 case=$2 bucket=$3 start end
  reset
  start=$(date +%s.%N)
  if [ "$tool" = aws ]; then
    aws s3 sync --only-show-errors "$WORK/tree" "s3://$bucket/tree" --endpoint-url "$URL"
  elif [ "$tool" = rclone ]; then
    # AWS_CA_BUNDLE (set on some machines) makes rclone's S3 backend fail on its own HTTP transport; plain HTTP needs none.
    env -u AWS_CA_BUNDLE rclone sync --quiet "$WORK/tree" "mem:$bucket/tree"
  elif [ "$tool" = baseline ]; then
    $S3TM_BASELINE sync --quiet "$WORK/tree" "s3://$bucket/tree" --endpoint "$URL"
  else
    $S3TM sync --quiet "$WORK/tree" "s3://$bucket/tree" --endpoint "$URL"
  fi
  end=$(date +%s.%N)
  printf '%s\t%s\t%s\t%.2f\t%s\n' "$round" "$tool" "$case" "$(echo "$end - $start" | bc)" "$(counts)" | tee -a "$WORK/results"
}

for round in $(seq 1 "$ROUNDS"); do
  echo "# round $round: $(uptime)"
  # The order rotates round by round, so each tool goes first as often, and load that comes and goes falls on all alike.
  tools=("${TOOLS[@]}")
  [ -z "${S3TM_BASELINE:-}" ] || tools+=(baseline)
  turn=$(( (round - 1) % ${#tools[@]} ))
  tools=("${tools[@]:turn}" "${tools[@]:0:turn}")
  for tool in "${tools[@]}"; do
    bucket="b-$tool-$round"
    $S3TM mb "s3://$bucket" --endpoint "$URL" --quiet > /dev/null
    # The same files change for both tools: rewrite them back to their original length first.
    python3 - "$WORK/tree" "$WORK/lengths" <<'PY'
import os, sys, time
root, lengths = sys.argv[1], sys.argv[2]
old = time.time() - 3600
for dirpath, _, names in os.walk(root):
    for name in names:
        if name.endswith(".bin") and int(name[4:9]) % 100 == 0:
            path = os.path.join(dirpath, name)
            data = open(path, "rb").read()
            saved = os.path.join(lengths, name)
            if os.path.exists(saved):
                data = data[: int(open(saved).read())]
                os.remove(saved)
            open(path, "wb").write(data)
            os.utime(path, (old, old))
PY
    run_case "$tool" first "$bucket"
    run_case "$tool" noop "$bucket"
    python3 - "$WORK/tree" "$WORK/lengths" <<'PY'
import os, sys
root, lengths = sys.argv[1], sys.argv[2]
os.makedirs(lengths, exist_ok=True)
for dirpath, _, names in os.walk(root):
    for name in names:
        if name.endswith(".bin") and int(name[4:9]) % 100 == 0:
            path = os.path.join(dirpath, name)
            data = open(path, "rb").read()
            open(os.path.join(lengths, name), "w").write(str(len(data)))
            open(path, "wb").write(data + b"x")
PY
    run_case "$tool" changed "$bucket"
  done
done

python3 - "$WORK/results" <<'PY'
import statistics, sys
times = {}
for line in open(sys.argv[1]):
    round_, tool, case, seconds = line.split("\t")[:4]
    times[(tool, case, round_)] = float(seconds)
for peer in sorted({t for t, _, _ in times} & {"aws", "rclone"}):
    for tool in sorted({t for t, _, _ in times} - {"aws", "rclone"}):
        for case in ("first", "noop", "changed"):
            ratios = [times[(peer, case, r)] / times[(tool, case, r)] for (t, c, r) in times if t == tool and c == case]
            print(f"# {tool} {case}: {peer} / {tool} median {statistics.median(ratios):.2f} (rounds: {' '.join(f'{x:.2f}' for x in ratios)})")
PY
