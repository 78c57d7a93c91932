#!/usr/bin/env bash
# s3tm as users meet it, every command a fresh process, beside rclone, the AWS CLI and the AWS SDK for .NET 4.1.0, on
# the in-memory S3 endpoint (its own process, on loopback). Three parts, each interleaving the tools round by round:
#   1. start-up, and 1 GiB down to a file and up from a file (the `cold` mode of the benchmark project: Raw and S3Like,
#      beside the SDK and a raw HttpClient in fresh .NET processes; each output checked by SHA-256);
#   2. COUNT objects of 1 KiB up and down (benchmarks/small-objects-vs-tools.sh: s3tm, aws s3 cp --recursive, rclone
#      copy; S3Like; the SDK and this library in process beside them);
#   3. sync of COUNT files of 1-64 KiB: first, no-op, 1% changed (benchmarks/sync/sync-vs-awscli.sh; S3Like).
# s3tm is the native build that eng/install-s3tm.sh installs (built here into a temporary folder), or S3TM=/path.
# Usage: benchmarks/s3tm-vs-tools.sh [ROUNDS] [COUNT]   (build first: dotnet build TransferManager.sln -c Release)
set -euo pipefail
ROUNDS=${1:-3}
COUNT=${2:-10000}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
if [ -z "${S3TM:-}" ]; then
  bash "$ROOT/eng/install-s3tm.sh" --tool-path "$WORK/tool" | grep '^installed'
  S3TM=$WORK/tool/s3tm
fi
export S3TM S3TM_TOOL=$S3TM
echo "# $(date -u '+%F %T') UTC; $(nproc) cores; s3tm $("$S3TM" --version); rclone $(rclone version 2> /dev/null | head -n 1 || echo missing); $(aws --version 2>&1)"

echo "## 1. start-up, 1 GiB down and up ($ROUNDS fresh processes a client)"
TMPDIR=/dev/shm S3TM_BENCH_SIZE_MIB=1024 dotnet run -c Release --no-build --project "$ROOT/benchmarks/S3TransferManager.Benchmarks" -- \
  cold --runs "$ROUNDS" --profile Raw,S3Like --scenarios file,upload --clients s3tm,sdk,raw,rclone,aws-cli

echo "## 2. $COUNT x 1 KiB up and down ($ROUNDS rounds)"
TOOLS="s3tm aws64 rclone" bash "$ROOT/benchmarks/small-objects-vs-tools.sh" "$ROUNDS" "$COUNT"

echo "## 3. sync of $COUNT files ($ROUNDS rounds)"
bash "$ROOT/benchmarks/sync/sync-vs-awscli.sh" "$ROUNDS" "$COUNT"
