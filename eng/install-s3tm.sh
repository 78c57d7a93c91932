#!/usr/bin/env bash
# Installs the s3tm command from this checkout, by default into ~/.dotnet/tools (which the .NET SDK's installers put on
# PATH), or into a folder given with --tool-path. Run it again after pulling to replace the installed s3tm with the new
# build; --uninstall removes it.
#
#   eng/install-s3tm.sh                      # then `s3tm --version` from anywhere
#   eng/install-s3tm.sh --tool-path ~/bin    # into ~/bin/s3tm
#   eng/install-s3tm.sh --ready-to-run       # skip Native AOT: ReadyToRun on the installed .NET runtime
#   eng/install-s3tm.sh --portable           # skip both: the portable package, compiled as it runs
#   eng/install-s3tm.sh --uninstall          # remove s3tm from ~/.dotnet/tools (or from --tool-path)
#
# By default s3tm is compiled with Native AOT for this machine's platform and installed as that one executable (about
# 20 MB), as rclone installs: it needs no .NET runtime and starts in milliseconds. That needs clang (the native linker)
# and zlib's headers; when clang is missing, the script installs clang and zlib1g-dev with apt-get where it can (as
# root, or through sudo without a password), and otherwise says so and goes on. When the native build cannot be made,
# it falls back to ReadyToRun (compiled ahead of time, on the installed runtime), then to the portable package, both
# installed as a dotnet tool (packed in a temporary folder and installed from there: the install fetches nothing), and
# says which one it installed.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
project="$repo/src/S3TransferManager.Cli/S3TransferManager.Cli.csproj"

location=(--global)
where="$HOME/.dotnet/tools"
mode=native
uninstall=false
while [ $# -gt 0 ]; do
    case "$1" in
        --tool-path)
            [ $# -ge 2 ] || { echo "install-s3tm: --tool-path needs a folder" >&2; exit 2; }
            mkdir -p "$2"
            where="$(cd "$2" && pwd)"
            location=(--tool-path "$where")
            shift 2 ;;
        --ready-to-run|--shared-runtime) mode=ready-to-run; shift ;;
        --portable|--no-build) mode=portable; shift ;;
        --uninstall) uninstall=true; shift ;;
        -h|--help) sed -n '2,/^set /p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install-s3tm: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done

step() { echo "install-s3tm: $*"; }
started=$SECONDS
elapsed() { echo "$((SECONDS - started)) s"; }

# Either form a previous run left at this place: the native executable, or the dotnet tool (whose s3tm is a launcher).
remove_installed() {
    dotnet tool uninstall S3TransferManager.Cli "${location[@]}" > /dev/null 2>&1 || true
    rm -f "$where/s3tm"
}

if [ "$uninstall" = true ]; then
    remove_installed
    step "removed s3tm from $where"
    exit 0
fi

version="$(dotnet msbuild "$project" -getProperty:Version)"
# This machine's platform as the SDK names it (linux-x64, osx-arm64, win-x64...).
rid="$(dotnet --info | awk '/^ *RID:/ { print $2; exit }')"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
step "s3tm $version for ${rid:-an unknown platform}; building in $work"

# Compiled images of an earlier pack with other settings are not rebuilt when only the settings changed.
clean_rid_outputs() {
    rm -rf "$(dirname "$project")/obj/Release/net10.0/$rid" "$(dirname "$project")/bin/Release/net10.0/$rid"
}

# clang links the native executable (and zlib1g-dev gives it zlib): installed with apt-get when missing and allowed.
ensure_clang() {
    command -v clang > /dev/null 2>&1 && return 0
    case "$rid" in linux-*) ;; *) return 1 ;; esac
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        sudo -n true 2> /dev/null || { step "clang is missing and installing it needs root (apt-get install clang zlib1g-dev)"; return 1; }
        sudo=(sudo -n)
    fi
    command -v apt-get > /dev/null 2>&1 || { step "clang is missing and there is no apt-get here to install it"; return 1; }
    step "clang is missing: installing clang and zlib1g-dev with apt-get (a minute or two)"
    "${sudo[@]}" apt-get update -qq > "$work/apt.log" 2>&1 \
        && DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq clang zlib1g-dev >> "$work/apt.log" 2>&1 \
        || { step "apt-get could not install clang:"; tail -n 5 "$work/apt.log" >&2; return 1; }
    command -v clang > /dev/null 2>&1 || { step "apt-get installed clang, but it is not on PATH"; return 1; }
}

# The native executable, published for this platform alone. Warnings are errors here too, so a trim or AOT warning
# fails the build rather than shipping.
publish_native() {
    clean_rid_outputs
    dotnet publish "$project" -c Release -r "$rid" -o "$work/native" -nologo -v quiet > "$work/pack.log" 2>&1 \
        && [ -x "$work/native/s3tm" ]
}

# ReadyToRun on the installed runtime: the same two packages, made in one pack (no Native AOT).
pack_ready_to_run() {
    clean_rid_outputs
    dotnet pack "$project" -c Release -o "$work/packages" -nologo -v quiet -p:PublishAot=false -p:PublishReadyToRun=true \
        -p:SelfContained=false -p:RuntimeIdentifiers="$rid" -p:ToolPackageRuntimeIdentifiers="$rid" > "$work/pack.log" 2>&1
}

# The portable package: one framework-dependent package, no platform packages.
pack_portable() {
    dotnet pack "$project" -c Release -o "$work/packages" -nologo -v quiet -p:PublishAot=false -p:ToolPackageRuntimeIdentifiers= \
        > "$work/pack.log" 2>&1
}

failed() {
    step "$1 failed after $(elapsed); its last lines:"
    tail -n 8 "$work/pack.log" | sed 's/^/    /' >&2
    rm -rf "$work/packages" "$work/native"
}

kind=""
if [ "$mode" = native ] && [ -n "$rid" ]; then
    if ensure_clang; then
        step "compiling s3tm to one native executable (Native AOT, $rid); about 2 minutes on 2 cores"
        if publish_native; then kind="Native AOT, $rid"; else failed "the Native AOT build"; fi
    else
        step "no clang: skipping Native AOT"
    fi
    [ -n "$kind" ] || mode=ready-to-run
fi
if [ -z "$kind" ] && [ "$mode" = ready-to-run ] && [ -n "$rid" ]; then
    step "compiling s3tm ahead of time (ReadyToRun, $rid) for the installed .NET runtime; about a minute"
    if pack_ready_to_run; then kind="ReadyToRun on the installed .NET runtime, $rid"; else failed "the ReadyToRun build"; fi
fi
if [ -z "$kind" ]; then
    step "packing the portable package (compiled as it runs, on the installed .NET runtime)"
    pack_portable || { failed "packing"; exit 1; }
    kind="portable, on the installed .NET runtime"
fi

remove_installed
if [ -d "$work/native" ]; then
    step "compiled in $(elapsed); installing the executable as $where/s3tm"
    mkdir -p "$where"
    install -m 755 "$work/native/s3tm" "$where/s3tm"
    size="$(du -sh "$where/s3tm" | cut -f1)"
else
    step "packages made in $(elapsed): $(cd "$work/packages" && ls ./*.nupkg | sed 's|^\./||' | tr '\n' ' ')"
    cat > "$work/nuget.config" <<CONFIG
<?xml version="1.0" encoding="utf-8"?>
<configuration>
  <packageSources>
    <clear />
    <add key="s3tm-tool" value="$work/packages" />
  </packageSources>
</configuration>
CONFIG
    step "installing with dotnet tool install ${location[*]}"
    dotnet tool install S3TransferManager.Cli --version "$version" "${location[@]}" --configfile "$work/nuget.config" > "$work/install.log" \
        || { cat "$work/install.log" >&2; exit 1; }
    size="$(du -sh "$where/.store/s3transfermanager.cli" 2> /dev/null | cut -f1)"
fi

echo "installed $where/s3tm ($("$where/s3tm" --version); $kind; ${size:-?} installed) in $(elapsed)"
case ":$PATH:" in
    *":$where:"*) ;;
    *) echo "$where is not on PATH: add it (export PATH=\"\$PATH:$where\") or run $where/s3tm" ;;
esac
