#!/usr/bin/env bash
# Runs every transfer scenario against the AWS SDK's TransferUtility, then the LOH mode, then writes
# benchmarks/results/latest.md and ratios.svg. Usage: benchmarks/run.sh quick|full [extra BenchmarkDotNet args]
set -euo pipefail
mode="${1:-quick}"
shift || true
case "$mode" in
  quick|full) ;;
  *) echo "usage: $0 quick|full [BenchmarkDotNet args, e.g. --filter '*Download*']" >&2; exit 2 ;;
esac

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
artifacts="$root/BenchmarkDotNet.Artifacts"
mkdir -p "$artifacts"
rm -f "$artifacts"/results/*-report*.csv "$artifacts"/results/*-report-github.md "$artifacts"/loh.md
meta="$artifacts/meta.txt"

start=$(date +%s)
{
  echo "date=$(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "mode=$mode"
  if [ "$mode" = quick ]; then echo "size_mib=${S3TM_BENCH_SIZE_MIB:-256}"; echo "small_count=${S3TM_BENCH_SMALL_COUNT:-200}"
  else echo "size_mib=${S3TM_BENCH_SIZE_MIB:-1024}"; echo "small_count=${S3TM_BENCH_SMALL_COUNT:-1000}"; fi
  echo "nproc=$(nproc)"
  echo "memory=$(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo)"
  echo "dotnet=$(dotnet --version)"
  echo "cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
  echo "load_before=$(uptime | sed 's/.*load average: //')"
} > "$meta"

dotnet build -c Release benchmarks/S3TransferManager.Benchmarks -v q -nologo
# Without extra arguments, every transfer scenario; with them (e.g. --filter '*Upload*'), what they select.
if [ $# -eq 0 ]; then set -- --filter '*Transfers*'; fi
dotnet run -c Release --no-build --project benchmarks/S3TransferManager.Benchmarks -- \
  "$mode" --artifacts "$artifacts" "$@"
bench_end=$(date +%s)
echo "load_after_bdn=$(uptime | sed 's/.*load average: //')" >> "$meta"

if [ "$mode" = quick ]; then loh_mode=loh-quick; else loh_mode=loh; fi
dotnet run -c Release --no-build --project benchmarks/S3TransferManager.Benchmarks -- \
  "$loh_mode" --out "$artifacts/loh.md"
end=$(date +%s)
{
  echo "load_after=$(uptime | sed 's/.*load average: //')"
  echo "bdn_seconds=$((bench_end - start))"
  echo "loh_seconds=$((end - bench_end))"
} >> "$meta"

python3 benchmarks/report.py --artifacts "$artifacts" --out benchmarks/results
echo "Wrote benchmarks/results/latest.md and benchmarks/results/ratios.svg in $((end - start)) s"
