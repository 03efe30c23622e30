# daemon-evaluate-offline: evaluation runs without network access (Apple's evaluation sandbox): a helper
# that tries to reach the AP side's web server during evaluate fails, the same attempt in authenticate
# (which has the network) succeeds.
# radio-timeout: 180

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
        echo "evaluate gw=$HOTSPOT_GATEWAY reached=[$(probe)] links=$(ls /sys/class/net | tr '\n' ' ')" >> /tmp/calls/curious
        echo result=success; echo confidence=high;;
    authenticate)
        echo "authenticate gw=$HOTSPOT_GATEWAY reached=[$(probe)]" >> /tmp/calls/curious
        echo result=success;;
    *) echo result=success;;
esac
EOS
daemon_config <<EOF_UCI
config hotspot 'main'
	option interface '$STA_IF'
	option ctrl_dir '$WPA_CTRL'
	option run_dir '/run/hotspotd'
	option state_file '$RADIO_DIR/hotspotd.state'
	option helper_user '65534'
	option scan_interval '5'
config helper 'curious'
	option exec '$RADIO_HELPERS/curious'
EOF_UCI
daemon_start "$RADIO_DIR/hotspot.conf"

daemon_wait 'Open Lobby: authenticated by curious' 90 || fail "not authenticated"
cat $calls/curious
expect "grep -q '^evaluate gw=10.42.1.1 reached=\[\]' $calls/curious" "evaluate could not reach the AP side"
expect_no_match "$(grep '^evaluate' $calls/curious)" "wlan0" "evaluate saw no Wi-Fi interface"
expect "grep -q '^authenticate gw=10.42.1.1 reached=\[HTTP/1.[01] 204' $calls/curious" "authenticate reached it"
note "evaluate ran without network access; authenticate reached the AP side"
