# daemon-evaluate-offline: evaluation runs in Apple's evaluation sandbox: a helper that tries to reach the
# AP side's web server, to write outside its state directory or to reach a UNIX socket during evaluate
# fails; the same attempts in authenticate (which has the network) succeed.
# radio-timeout: 180
# radio-arches: x86_64 aarch64

ap_start open --ssid "Open Lobby" --open --dhcp
sta_start
sta_dhcp_on_link
calls=$RADIO_HELPER_STATE
# A path socket anyone may connect to (as syslog's /dev/log or ubus' are).
socat UNIX-LISTEN:/tmp/radio-unix.sock,fork,mode=777 OPEN:/dev/null >/dev/null 2>&1 &
wait_for '[ -S /tmp/radio-unix.sock ]' 5 || fail "no UNIX socket to test with"

daemon_helper curious <<'EOS'
probe() { printf 'GET /generate_204 HTTP/1.0\r\nHost: probe.test\r\n\r\n' | nc -w 3 "$HOTSPOT_GATEWAY" 80 2>/dev/null | head -n1; }
wrote() { (echo x > "/tmp/curious-$1") 2>/dev/null && echo yes || echo no; }
unix() { echo hi | socat -u - UNIX-CONNECT:/tmp/radio-unix.sock 2>/dev/null && echo yes || echo no; }
case $1 in
    filterScanList)
        tab=$(printf '\t')
        while IFS="$tab" read -r hex rest; do printf 'claim=%s\tlow\n' "$hex"; done
        echo result=success;;
    evaluate)
        echo "evaluate gw=$HOTSPOT_GATEWAY reached=[$(probe)] links=$(ip -o link | wc -l) wrote=$(wrote evaluate) unix=$(unix)" \
            >> "$HOTSPOT_STATE_DIR/calls"
        echo result=success; echo confidence=high;;
    authenticate)
        echo "authenticate gw=$HOTSPOT_GATEWAY reached=[$(probe)] wrote=$(wrote authenticate) unix=$(unix)" >> "$HOTSPOT_STATE_DIR/calls"
        echo result=success;;
    *) echo result=success;;
esac
EOS
{ daemon_main; cat <<EOF_UCI
config helper 'curious'
	option exec '$RADIO_HELPERS/curious'
EOF_UCI
} | daemon_config
daemon_start "$RADIO_DIR/hotspot.conf"

daemon_wait 'Open Lobby: authenticated by curious' 90 || fail "not authenticated"
cat $calls/curious/calls
expect "grep -q '^evaluate gw=10.42.1.1 reached=\[\]' $calls/curious/calls" "evaluate could not reach the AP side"
expect "grep -q '^evaluate .* links=1 wrote=no unix=no$' $calls/curious/calls" \
    "evaluate saw one link only (its namespace's loopback), could write nothing but its state directory, reach no UNIX socket"
expect "[ ! -e /tmp/curious-evaluate ]" "nothing left by evaluate"
expect "grep -q '^authenticate gw=10.42.1.1 reached=\[HTTP/1.[01] 204.* wrote=yes unix=yes$' $calls/curious/calls" "authenticate reached it all"
note "evaluate ran without network, writable files or UNIX sockets; authenticate had them"
