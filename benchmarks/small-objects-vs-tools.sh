#!/usr/bin/env bash
# Objects per second for many small objects, side by side: s3tm (this library at its defaults), `aws s3 cp
# --recursive` with max_concurrent_requests 10 and 64, and `rclone copy --transfers 64`, on the in-memory S3 endpoint
# (S3Like: 20 ms to the first byte, 60 MB/s per connection). COUNT files of 1 KiB (folders of 100) are uploaded to a
# fresh prefix, then downloaded to an empty folder. Each tool gets its own bucket; the order of the tools turns round
# by round. One line per (round, tool, direction): wall seconds, objects per second, the client's CPU (user + system,
# its whole process tree) and the endpoint's CPU, each per object in milliseconds.
# The AWS SDK 4.1.0 has no command line: it runs in process beside this library (DirectoryBenchmarks, printed first).
# Usage: benchmarks/small-objects-vs-tools.sh [ROUNDS] [COUNT]   (build first: dotnet build TransferManager.sln -c Release)
set -euo pipefail
ROUNDS=${1:-1}
COUNT=${2:-10000}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d)
# Copies of the builds, so a rebuild while this runs cannot swap the binaries under it.
cp -r "$ROOT/src/S3TransferManager.InMemoryS3/bin/Release/net10.0" "$WORK/server"
cp -r "$ROOT/src/S3TransferManager.Cli/bin/Release/net10.0" "$WORK/s3tm"
SERVER_DLL=$WORK/server/S3TransferManager.InMemoryS3.dll
S3TM_DLL=$WORK/s3tm/s3tm.dll
# S3TM=/path/to/s3tm runs that build of s3tm instead (the native one eng/install-s3tm.sh installs, as users run it).
S3TM=${S3TM:-dotnet $S3TM_DLL}
export AWS_ACCESS_KEY_ID=test AWS_SECRET_ACCESS_KEY=test AWS_DEFAULT_REGION=us-east-1

if [ "${IN_PROCESS:-1}" != 0 ]; then
  echo "== this library and the AWS SDK 4.1.0 in process ($COUNT x 1 KiB, S3Like)"
  S3TM_BENCH_PROFILES=S3Like S3TM_BENCH_SMALL_TREE_COUNT=$COUNT dotnet run --no-build -c Release --project "$ROOT/benchmarks/S3TransferManager.Benchmarks" -- \
    interleaved --rounds "$ROUNDS" --filter DirectoryBenchmarks --params Tree=Small \
    --methods Ours_Download,AwsSdkConcurrent_Download,Ours_Upload,AwsSdkConcurrent_Upload,-AwsSdkDefault_Download,-AwsSdkDefault_Upload \
    | grep -E '^\| Directory|^Directory'
fi

source "$ROOT/benchmarks/lib/in-memory-endpoint.sh"
start_in_memory_endpoint "$SERVER_DLL"

python3 - "$WORK/tree" "$COUNT" <<'PY'
import os, sys
root, count = sys.argv[1], int(sys.argv[2])
data = bytes(range(256)) * 4
for i in range(count):
    path = os.path.join(root, f"d{i // 100:04d}", f"f{i:06d}.bin")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
PY

# The AWS CLI's S3 settings, from a config file of this run's own.
for n in 10 64; do
  printf '[default]\ns3 =\n  max_concurrent_requests = %s\n  max_queue_size = 10000\n' "$n" > "$WORK/aws-$n.config"
done
# rclone from the environment alone: a remote named "mem".
export RCLONE_CONFIG_MEM_TYPE=s3 RCLONE_CONFIG_MEM_PROVIDER=Other RCLONE_CONFIG_MEM_ENDPOINT=$URL \
  RCLONE_CONFIG_MEM_ACCESS_KEY_ID=test RCLONE_CONFIG_MEM_SECRET_ACCESS_KEY=test RCLONE_CONFIG_MEM_REGION=us-east-1 \
  RCLONE_CONFIG_MEM_FORCE_PATH_STYLE=true RCLONE_CONFIG_MEM_LIST_VERSION=2 RCLONE_CONFIG_MEM_NO_CHECK_BUCKET=true
# (ListObjectsV2, as the other tools list; the bucket exists, so no check: the endpoint implements neither ListObjects v1
# nor the calls rclone makes to check a bucket, and answers them 501.)

# Warm the endpoint before anything is timed: it runs as a portable build, so its first PUTs, listings and GETs are
# compiled as they run, and would be charged to whichever tool went first in the first round. (The folder it downloads
# to stays until the end: removing 10,000 files just before a timed download slowed that download's file creation.)
$S3TM mb s3://warmup --endpoint "$URL" --quiet > /dev/null
$S3TM cp --recursive --quiet --no-resume "$WORK/tree" s3://warmup/small --endpoint "$URL"
$S3TM cp --recursive --quiet --no-resume s3://warmup/small "$WORK/warmup" --endpoint "$URL"

server_cpu() { awk '{print $14 + $15}' "/proc/$SERVER/stat"; }
TICKS=$(getconf CLK_TCK)

run() { # tool direction bucket: runs one copy, prints its line
  local tool=$1 direction=$2 bucket=$3 src dst before after start end times
  if [ "$direction" = upload ]; then src=$WORK/tree; dst=s3://$bucket/small; else src=s3://$bucket/small; dst=$WORK/down-$tool; fi
  rm -rf "$WORK/down-$tool"
  before=$(server_cpu)
  start=$(date +%s.%N)
  case $tool in
    s3tm) times=$( { /usr/bin/time -f '%U %S' $S3TM cp --recursive --quiet --no-resume "$src" "$dst" --endpoint "$URL"; } 2>&1 >/dev/null | tail -1) ;;
    s3tm64) times=$( { /usr/bin/time -f '%U %S' $S3TM cp --recursive --quiet --no-resume --concurrency 64 "$src" "$dst" --endpoint "$URL"; } 2>&1 >/dev/null | tail -1) ;;
    s3tm-base) times=$( { /usr/bin/time -f '%U %S' $S3TM_BASE cp --recursive --quiet --no-resume "$src" "$dst" --endpoint "$URL"; } 2>&1 >/dev/null | tail -1) ;;
    aws10|aws64)
      times=$( { AWS_CONFIG_FILE=$WORK/aws-${tool#aws}.config /usr/bin/time -f '%U %S' aws s3 cp --recursive --only-show-errors "$src" "$dst" --endpoint-url "$URL"; } 2>&1 >/dev/null | tail -1) ;;
    rclone)
      local rsrc=${src/s3:\/\//mem:} rdst=${dst/s3:\/\//mem:}
      # AWS_CA_BUNDLE (set on some machines) makes rclone's S3 backend fail on its own HTTP transport; plain HTTP needs none.
      times=$( { env -u AWS_CA_BUNDLE /usr/bin/time -f '%U %S' rclone copy --transfers 64 --checkers 64 "$rsrc" "$rdst"; } 2>&1 >/dev/null | tail -1) ;;
  esac
  end=$(date +%s.%N)
  after=$(server_cpu)
  python3 - "$round" "$tool" "$direction" "$start" "$end" "$times" "$before" "$after" "$TICKS" "$COUNT" <<'PY'
import sys
r, tool, direction, start, end, times, before, after, ticks, count = sys.argv[1:]
wall = float(end) - float(start)
user, system = (float(x) for x in times.split())
count = int(count)
server = (int(after) - int(before)) / int(ticks)
print(f"{r}\t{tool}\t{direction}\t{wall:.2f} s\t{count / wall:,.0f} objects/s\tclient {1000 * (user + system) / count:.2f} ms/object"
      f"\tendpoint {1000 * server / count:.2f} ms/object")
PY
}

# TOOLS="s3tm rclone" runs only those (of s3tm, aws10, aws64 and rclone); IN_PROCESS=0 skips the in-process rows.
# Two more, to measure a change to s3tm rather than against peers: s3tm64, s3tm with a fixed budget of 64 requests
# (--concurrency 64) in place of the automatic one, and s3tm-base, another build of s3tm given as S3TM_BASE=/path.
read -ra TOOLS <<< "${TOOLS:-s3tm aws10 aws64 rclone}"
[[ " ${TOOLS[*]} " != *" s3tm-base "* || -n "${S3TM_BASE:-}" ]] || { echo "s3tm-base needs S3TM_BASE=/path/to/s3tm" >&2; exit 2; }
echo "== command-line tools ($COUNT x 1 KiB, S3Like, $(nproc) cores, load: $(cut -d' ' -f1-3 /proc/loadavg))"
for round in $(seq 1 "$ROUNDS"); do
  for i in "${!TOOLS[@]}"; do
    tool=${TOOLS[$(( (i + round - 1) % ${#TOOLS[@]} ))]}
    bucket="b-$tool-$round"
    $S3TM mb "s3://$bucket" --endpoint "$URL" --quiet > /dev/null
    run "$tool" upload "$bucket"
    run "$tool" download "$bucket"
    files=$(find "$WORK/down-$tool" -type f | wc -l)
    [ "$files" -eq "$COUNT" ] || { echo "$tool downloaded $files files, not $COUNT" >&2; exit 1; }
  done
done
