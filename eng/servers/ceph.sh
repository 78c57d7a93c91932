# Ceph RADOS Gateway (Debian's radosgw), sourced by run.sh: one monitor, one OSD on memstore (objects in memory, no
# disk), and radosgw's beast frontend on 127.0.0.1, all as the calling user with authentication between daemons off.

CEPH_RGW_PORT="${CEPH_RGW_PORT:-7480}"
CEPH_MON_PORT="${CEPH_MON_PORT:-6789}"

ceph_installed() {
    command -v ceph-mon >/dev/null && command -v ceph-osd >/dev/null && command -v radosgw >/dev/null
}

install_ceph() {
    apt_install ceph-mon ceph-osd radosgw uuid-runtime
}

start_ceph() {
    local conf="$STATE/ceph.conf"
    mkdir -p "$STATE/mon" "$STATE/osd" "$STATE/run" "$STATE/log"
    cat >"$conf" <<CONF
[global]
fsid = $(uuidgen)
mon host = 127.0.0.1:$CEPH_MON_PORT
public addr = 127.0.0.1
ms bind msgr2 = false
run dir = $STATE/run
admin socket = $STATE/run/\$name.asok
pid file = $STATE/run/\$name.pid
log file = $STATE/log/\$name.log
auth cluster required = none
auth service required = none
auth client required = none
osd pool default size = 1
osd pool default min size = 1
osd crush chooseleaf type = 0
mon allow pool size one = true
mon warn on pool no redundancy = false
mon data avail crit = 0
mon data avail warn = 0
[mon.a]
mon data = $STATE/mon
[osd.0]
osd data = $STATE/osd
# This script puts osd.0 in the CRUSH map itself (osd crush add, below). The OSD's own update at start can go out before
# it has the monitor's map, with a zero fsid, and the monitor's refusal ("wrong fsid") then stops the OSD: about one
# start in five here.
osd crush update on start = false
osd class update on start = false
osd objectstore = memstore
memstore device bytes = 2147483648
osd max object name len = 256
osd max object namespace len = 64
[client.rgw]
rgw frontends = beast endpoint=127.0.0.1:$CEPH_RGW_PORT
rgw data = $STATE/rgw
rgw enable usage log = false
CONF
    export CEPH_CONF="$conf"
    ceph-mon --id a --mkfs --conf "$conf" >"$STATE/log/mkfs.log" 2>&1
    ceph-mon --id a --conf "$conf"
    local osd_uuid
    osd_uuid="$(uuidgen)"
    ceph --conf "$conf" osd create "$osd_uuid" >/dev/null
    ceph --conf "$conf" osd crush add osd.0 1 root=default host=localhost >/dev/null 2>&1
    ceph-osd --id 0 --mkfs --osd-uuid "$osd_uuid" --conf "$conf" >>"$STATE/log/mkfs.log" 2>&1
    ceph-osd --id 0 --conf "$conf" 2>>"$STATE/log/daemons.log"
    mkdir -p "$STATE/rgw"
    radosgw --name client.rgw --conf "$conf"
    ENDPOINT="http://127.0.0.1:$CEPH_RGW_PORT"
    wait_for_http "$ENDPOINT/" 120 "$STATE/log/client.rgw.log"
    ACCESS_KEY=s3tm-access
    SECRET_KEY=s3tm-secret-key
    radosgw-admin --conf "$conf" user create --uid s3tm --display-name s3tm \
        --access-key "$ACCESS_KEY" --secret "$SECRET_KEY" >"$STATE/log/user.log"
}

stop_ceph() {
    local daemon
    for daemon in client.rgw osd.0 mon.a; do
        stop_pid_file "$STATE/run/$daemon.pid"
    done
}
