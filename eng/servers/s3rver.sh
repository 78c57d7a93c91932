# s3rver (npm), sourced by run.sh: a Node.js S3 emulator that keeps objects as files in a folder.
# Installed with npm into a folder of its own (no global install); the version is pinned to 3.7.x.

S3RVER_VERSION="${S3RVER_VERSION:-3.7.1}"
S3RVER_PORT="${S3RVER_PORT:-4568}"

s3rver_installed() {
    [ -x "$SERVERS_CACHE/s3rver/node_modules/.bin/s3rver" ] \
        && [ "$(node -p "require('$SERVERS_CACHE/s3rver/node_modules/s3rver/package.json').version" 2>/dev/null)" = "$S3RVER_VERSION" ]
}

install_s3rver() {
    command -v npm >/dev/null || apt_install nodejs npm
    mkdir -p "$SERVERS_CACHE/s3rver"
    # A package.json of its own, so npm installs here and never into a parent folder's node_modules.
    [ -f "$SERVERS_CACHE/s3rver/package.json" ] || echo '{ "private": true }' >"$SERVERS_CACHE/s3rver/package.json"
    npm install --prefix "$SERVERS_CACHE/s3rver" --no-audit --no-fund --loglevel=error "s3rver@$S3RVER_VERSION"
}

start_s3rver() {
    mkdir -p "$STATE/data"
    # s3rver checks signatures with its fixed key pair S3RVER / S3RVER.
    "$SERVERS_CACHE/s3rver/node_modules/.bin/s3rver" --directory "$STATE/data" --address 127.0.0.1 --port "$S3RVER_PORT" \
        --silent >"$STATE/s3rver.log" 2>&1 &
    echo $! >"$STATE/s3rver.pid"
    ENDPOINT="http://127.0.0.1:$S3RVER_PORT"
    ACCESS_KEY=S3RVER
    SECRET_KEY=S3RVER
    wait_for_http "$ENDPOINT/" 30 "$STATE/s3rver.log"
}

stop_s3rver() {
    stop_pid_file "$STATE/s3rver.pid"
}
