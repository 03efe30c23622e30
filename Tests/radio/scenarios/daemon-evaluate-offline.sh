# daemon-evaluate-offline: evaluation runs without network access (Apple's evaluation sandbox): a helper
# that tries to reach the AP side's web server during evaluate fails, the same attempt in authenticate
# (which has the network) succeeds.
# radio-timeout: 180
# radio-arches: x86_64 aarch64

ap_start open --ssid "Open Lobby" --open --dhcp
sta_start
sta_dhcp_on_link
calls=/tmp/calls; mkdir -p $calls; chmod 1777 $calls

daemon_helper curious <<'EOS'
probe() { printf 'GET /generate_204 HTTP/1.0\r\nHost: probe.test\r\n\r\n' | nc -w 3 "$HOTSPOT_GATEWAY" 80 2>/dev/null | head -n1; }
case $1 in
    filterScanList)
        tab=$(printf '\t')
        while IFS="$tab" read -r hex rest; do printf 'claim=%s\tlow\n' "$hex"; done
        echo result=success;;
    evaluate)
        echo "evaluate gw=$HOTSPOT_GATEWAY reached=[$(probe)] links=$(ip -o link | wc -l)" >> /tmp/calls/curious
        echo result=success; echo confidence=high;;
    authenticate)
        echo "authenticate gw=$HOTSPOT_GATEWAY reached=[$(probe)]" >> /tmp/calls/curious
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
cat $calls/curious
expect "grep -q '^evaluate gw=10.42.1.1 reached=\[\]' $calls/curious" "evaluate could not reach the AP side"
expect "grep -q '^evaluate .* links=1$' $calls/curious" "evaluate saw one link only (its namespace's loopback)"
expect "grep -q '^authenticate gw=10.42.1.1 reached=\[HTTP/1.[01] 204' $calls/curious" "authenticate reached it"
note "evaluate ran without network access; authenticate reached the AP side"
