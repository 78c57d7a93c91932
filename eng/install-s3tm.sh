#!/usr/bin/env bash
# Installs the s3tm command from this checkout: packs the tool into artifacts/ and installs that package as a dotnet
# tool, by default globally (into ~/.dotnet/tools, which the .NET SDK's installers put on PATH), or into a folder
# given with --tool-path. Run it again after pulling to replace the installed tool with the new build.
#
#   eng/install-s3tm.sh                      # global: then `s3tm --version` from anywhere
#   eng/install-s3tm.sh --tool-path ~/bin    # into ~/bin/s3tm
#   eng/install-s3tm.sh --shared-runtime     # compiled for this machine, on the installed .NET runtime (smaller)
#   eng/install-s3tm.sh --portable           # the portable package in artifacts/, not compiled for this machine
#   eng/install-s3tm.sh --no-build           # the portable package of the last Release build (implies --portable)
#
# By default the tool is compiled ahead of time (ReadyToRun) for this machine's platform together with its own copy of
# the .NET runtime, as one composite image: code shared between assemblies (the async machinery and collections the
# AWS SDK, System.CommandLine and the library instantiate over their own types) is compiled too, which it cannot be
# against the shared runtime, so a command compiles about 380 methods as it starts instead of about 900. A no-op sync
# of 2,000 files uses about a quarter less CPU (docs/cli.md). The price: about 260 MB on disk instead of 22 MB, a
# few minutes to compile, and the runtime is the one compiled in (run the script again after updating .NET to take a
# patched runtime). --shared-runtime installs the ReadyToRun package on the installed runtime instead. These packages
# are built in a temporary folder; artifacts/ keeps the portable one. When one cannot be built (the compiler and the
# runtime pack are NuGet packages, fetched on first use), the next is tried, down to the portable package, and the
# script says so. The install itself fetches nothing: its NuGet config names only the folder the package is in, and a
# tool package carries every assembly it needs.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
project="$repo/src/S3TransferManager.Cli/S3TransferManager.Cli.csproj"

location=(--global)
where="$HOME/.dotnet/tools"
pack_options=()
portable=0
shared=0
while [ $# -gt 0 ]; do
    case "$1" in
        --tool-path)
            [ $# -ge 2 ] || { echo "install-s3tm: --tool-path needs a folder" >&2; exit 2; }
            mkdir -p "$2"
            where="$(cd "$2" && pwd)"
            location=(--tool-path "$where")
            shift 2 ;;
        --no-build) pack_options+=(--no-build); portable=1; shift ;;
        --shared-runtime) shared=1; shift ;;
        --portable) portable=1; shift ;;
        -h|--help) sed -n '2,/^set /p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install-s3tm: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done

version="$(dotnet msbuild "$project" -getProperty:Version)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# This machine's platform as the SDK names it (linux-x64, osx-arm64, win-x64...).
rid="$(dotnet --info | awk '/^ *RID:/ { print $2; exit }')"
source="$repo/artifacts"
kind="portable"
# Packs the platform's package with the given properties into $work/aot: a pointer package and
# S3TransferManager.Cli.<rid>, installed from where they were made.
pack_for_machine() {
    rm -rf "$work/aot"
    # The compiled images of an earlier pack with other settings are not rebuilt when only the settings changed (a
    # shared-runtime package made after a composite one would carry the composite's parts and fail to start).
    rm -rf "$(dirname "$project")/obj/Release/net10.0/$rid" "$(dirname "$project")/bin/Release/net10.0/$rid"
    dotnet pack "$project" -c Release -o "$work/aot" -nologo -v quiet -p:RuntimeIdentifiers="$rid" -p:PublishReadyToRun=true "$@" \
        > "$work/aot.log" 2>&1
}
if [ "$portable" -eq 0 ] && [ -n "$rid" ] && [ "$shared" -eq 0 ] \
    && pack_for_machine -p:SelfContained=true -p:PublishReadyToRunComposite=true; then
    source="$work/aot"
    kind="ReadyToRun composite with its own .NET runtime, $rid"
elif [ "$portable" -eq 0 ] && [ -n "$rid" ] && {
        [ "$shared" -eq 1 ] || { echo "install-s3tm: compiling with its own runtime failed; trying the shared runtime" >&2; tail -n 5 "$work/aot.log" >&2 || true; }
    } && pack_for_machine -p:SelfContained=false; then
    source="$work/aot"
    kind="ReadyToRun on the shared runtime, $rid"
else
    [ "$portable" -eq 1 ] || echo "install-s3tm: compiling ahead of time for '${rid:-this platform}' failed; installing the portable package (see below)" >&2
    [ "$portable" -eq 1 ] || tail -n 5 "$work/aot.log" >&2 || true
    dotnet pack "$project" -c Release -o "$repo/artifacts" -nologo -v quiet "${pack_options[@]}"
fi

cat > "$work/nuget.config" <<CONFIG
<?xml version="1.0" encoding="utf-8"?>
<configuration>
  <packageSources>
    <clear />
    <add key="s3tm-tool" value="$source" />
  </packageSources>
</configuration>
CONFIG

# The same version may be installed from an earlier build: replace it (install refuses a version already there).
dotnet tool uninstall S3TransferManager.Cli "${location[@]}" > /dev/null 2>&1 || true
dotnet tool install S3TransferManager.Cli --version "$version" "${location[@]}" --configfile "$work/nuget.config" > "$work/install.log" \
    || { cat "$work/install.log" >&2; exit 1; }

echo "installed $where/s3tm ($("$where/s3tm" --version); $kind)"
case ":$PATH:" in
    *":$where:"*) ;;
    *) echo "$where is not on PATH: add it (export PATH=\"\$PATH:$where\") or run $where/s3tm" ;;
esac
