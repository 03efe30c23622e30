# evil-twin: the owner's WPA2 network is out of range and an open AP carrying its name is in range at
# full power → never associated (the key pins the network to passphrase suites), logged once, and
# `scan` / `status` say why it was passed over. Then the real AP appears (weaker than the twin) → joined
# through it, with WPA2.
# radio-timeout: 150
# radio-arches: x86_64 aarch64

ap_start twin --ssid "Home Base" --open --dhcp
sta_start
sta_dhcp_on_link
sta_events_start
{ daemon_main; cat <<EOF_UCI
config helper 'known'
	option builtin 'known'
config network
	option ssid 'Home Base'
	option key 'home-sweet-home-1'
EOF_UCI
} | daemon_config
daemon_start "$RADIO_DIR/hotspot.conf"
daemon_wait 'Home Base: passed over a look-alike: open BSS' 60 || fail "the open look-alike was not reported"
# Three more scan rounds (every 5 s while down) to give a wrong join every chance.
usleep 20000000
expect_eq "$(daemon_count 'Home Base: joining')" 0 "the look-alike was never joined"
expect_eq "$(sta_events | grep -c 'CTRL-EVENT-CONNECTED')" 0 "wpa_supplicant never associated"
expect_eq "$(daemon_count 'passed over a look-alike')" 1 "logged once, not once a scan"
scan=$(daemon_cli scan); printf '%s\n' "$scan"
expect_match "$scan" "look-alike: open, but you gave this network a key" "scan says why it was passed over"
status=$(daemon_cli status --json); printf '%s\n' "$status"
expect_match "$status" "\"passed_over\":\\[\\{\"ssid\":\"Home Base\"" "status --json lists the look-alike"
expect_match "$(daemon_cli status)" "passed over +Home Base $(ap_bssid twin): open look-alike" "status says it too"

t0=$(radio_uptime)
ap_start real --ssid "Home Base" --psk "home-sweet-home-1" --dhcp --txpower 1000
daemon_wait 'Home Base: authenticated by known' 90 || fail "the real network was not joined"
t1=$(radio_uptime)
expect_eq "$(wpa status | sed -n 's/^bssid=//p')" "$(ap_bssid real)" "associated with the real AP"
expect_eq "$(wpa status | sed -n 's/^key_mgmt=//p')" "WPA2-PSK" "with WPA2-PSK"
note "open twin at full power passed over; the real AP (weaker) joined $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') s after it appeared"
