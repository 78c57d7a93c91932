# OpenStack Swift with s3api (Debian's swift packages), sourced by run.sh: one node on 127.0.0.1 (account, container
# and object servers and the proxy with s3api and tempauth), rings of one replica on one folder.

SWIFT_PORT="${SWIFT_PORT:-8080}"
# No memcached listens there: Swift's cache middleware then caches nothing (see the proxy's pipeline).
SWIFT_MEMCACHE_PORT="${SWIFT_MEMCACHE_PORT:-11299}"

swift_installed() {
    command -v swift-proxy-server >/dev/null && command -v swift-object-server >/dev/null \
        && command -v swift-container-server >/dev/null && command -v swift-account-server >/dev/null
}

install_swift() {
    apt_install swift swift-proxy swift-object swift-container swift-account
}

start_swift() {
    local etc="$STATE/etc" user
    user="$(id -un)"
    mkdir -p "$etc" "$STATE/srv/d1" "$STATE/log"
    # Each storage server on its own port; devices are folders (mount_check off), rings in this folder (swift_dir).
    # swift.conf's hash prefix and suffix are read from /etc/swift/swift.conf, which the swift package installs.
    local kind port
    for kind in account:6212 container:6211 object:6210; do
        port="${kind#*:}"
        kind="${kind%%:*}"
        cat >"$etc/$kind-server.conf" <<CONF
[DEFAULT]
bind_ip = 127.0.0.1
bind_port = $port
workers = 1
user = $user
devices = $STATE/srv
mount_check = false
swift_dir = $etc
log_name = $kind-server

[pipeline:main]
pipeline = $kind-server

[app:$kind-server]
use = egg:swift#$kind
CONF
        (
            cd "$etc"
            swift-ring-builder "$kind.builder" create 10 1 1 >/dev/null
            swift-ring-builder "$kind.builder" add "r1z1-127.0.0.1:$port/d1" 100 >/dev/null
            swift-ring-builder "$kind.builder" rebalance >/dev/null
        )
    done

    # s3api before the auth middleware; tempauth's user test:tester with key testing is the S3 access key and secret.
    cat >"$etc/proxy-server.conf" <<CONF
[DEFAULT]
bind_ip = 127.0.0.1
bind_port = $SWIFT_PORT
workers = 1
user = $user
swift_dir = $etc
log_name = proxy-server

[pipeline:main]
pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats bulk s3api tempauth copy slo dlo versioned_writes proxy-logging proxy-server

[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true

[filter:s3api]
use = egg:swift#s3api
location = us-east-1

[filter:tempauth]
use = egg:swift#tempauth
user_test_tester = testing .admin

[filter:catch_errors]
use = egg:swift#catch_errors

[filter:gatekeeper]
use = egg:swift#gatekeeper

[filter:healthcheck]
use = egg:swift#healthcheck

[filter:proxy-logging]
use = egg:swift#proxy_logging

# s3api needs the cache middleware in the pipeline; with no memcached running it caches nothing, which only costs speed.
[filter:cache]
use = egg:swift#memcache
memcache_servers = 127.0.0.1:$SWIFT_MEMCACHE_PORT

[filter:versioned_writes]
use = egg:swift#versioned_writes

[filter:listing_formats]
use = egg:swift#listing_formats

[filter:bulk]
use = egg:swift#bulk

[filter:copy]
use = egg:swift#copy

[filter:slo]
use = egg:swift#slo

[filter:dlo]
use = egg:swift#dlo
CONF

    for kind in account container object proxy; do
        "swift-$kind-server" "$etc/$kind-server.conf" --verbose >"$STATE/log/$kind.log" 2>&1 &
        echo $! >"$STATE/$kind.pid"
    done

    ENDPOINT="http://127.0.0.1:$SWIFT_PORT"
    ACCESS_KEY="test:tester"
    SECRET_KEY=testing
    wait_for_http "$ENDPOINT/healthcheck" 60 "$STATE/log/proxy.log"
}

stop_swift() {
    local kind
    for kind in proxy object container account; do
        stop_pid_file "$STATE/$kind.pid"
    done
}
