#!/usr/bin/env bash
# Installs the s3tm command from this checkout: packs the tool into artifacts/ and installs that package as a dotnet
# tool, by default globally (into ~/.dotnet/tools, which the .NET SDK's installers put on PATH), or into a folder
# given with --tool-path. Run it again after pulling to replace the installed tool with the new build.
#
#   eng/install-s3tm.sh                      # global: then `s3tm --version` from anywhere
#   eng/install-s3tm.sh --tool-path ~/bin    # into ~/bin/s3tm
#   eng/install-s3tm.sh --no-build           # pack what the last Release build made (CI, after dotnet build)
#
# The package is built for this machine (its runtime identifier, e.g. linux-x64) and compiled ahead of time
# (ReadyToRun), so a command does not spend its first few hundred milliseconds compiling the AWS SDK: a no-op sync of
# 2,000 files takes about half the time (benchmarks/results/2026-11-26-sync.md). --no-build packs the portable build
# instead. The install fetches nothing: its NuGet config has artifacts/ as its only source, and a tool package carries
# every assembly it needs (the pack itself restores the ReadyToRun compiler once, as any publish does).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
project="$repo/src/S3TransferManager.Cli/S3TransferManager.Cli.csproj"

location=(--global)
where="$HOME/.dotnet/tools"
pack_options=()
while [ $# -gt 0 ]; do
    case "$1" in
        --tool-path)
            [ $# -ge 2 ] || { echo "install-s3tm: --tool-path needs a folder" >&2; exit 2; }
            mkdir -p "$2"
            where="$(cd "$2" && pwd)"
            location=(--tool-path "$where")
            shift 2 ;;
        --no-build) pack_options+=(--no-build); shift ;;
        -h|--help) sed -n '2,/^set /p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install-s3tm: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done

if [ ${#pack_options[@]} -eq 0 ]; then
    rid="$(dotnet --info | sed -n 's/^ *RID: *//p' | head -n 1)"
    [ -n "$rid" ] || { echo "install-s3tm: could not read this machine's runtime identifier from 'dotnet --info'" >&2; exit 1; }
    pack_options+=(-r "$rid" -p:PublishReadyToRun=true)
fi
dotnet pack "$project" -c Release -o "$repo/artifacts" -nologo -v quiet "${pack_options[@]}"
version="$(dotnet msbuild "$project" -getProperty:Version)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat > "$work/nuget.config" <<CONFIG
<?xml version="1.0" encoding="utf-8"?>
<configuration>
  <packageSources>
    <clear />
    <add key="s3tm-artifacts" value="$repo/artifacts" />
  </packageSources>
</configuration>
CONFIG

# The same version may be installed from an earlier build: replace it (install refuses a version already there).
dotnet tool uninstall S3TransferManager.Cli "${location[@]}" > /dev/null 2>&1 || true
dotnet tool install S3TransferManager.Cli --version "$version" "${location[@]}" --configfile "$work/nuget.config" > "$work/install.log" \
    || { cat "$work/install.log" >&2; exit 1; }

echo "installed $where/s3tm ($("$where/s3tm" --version))"
case ":$PATH:" in
    *":$where:"*) ;;
    *) echo "$where is not on PATH: add it (export PATH=\"\$PATH:$where\") or run $where/s3tm" ;;
esac
