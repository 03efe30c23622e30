# daemon-scan-policy: background scans cost a working uplink's traffic, so a router with a good uplink
# scans only every connected_scan_interval (here 30 s), and scans at scan_interval (5 s) only while
# the link's signal (nl80211 station info) is below min_signal (a good uplink would scan at most once in
# a 30 s window). Counts CTRL-EVENT-SCAN-STARTED.
# radio-timeout: 300
# radio-arches: x86_64

ap_start good --ssid "Good Uplink" --open --dhcp --txpower 500
sta_start
sta_dhcp_on_link
sta_events_start
{ daemon_main connected_scan_interval 30 min_signal 35; cat <<EOF_UCI
config helper 'known'
	option builtin 'known'
config network
	option ssid 'Good Uplink'
EOF_UCI
} | daemon_config
daemon_start "$RADIO_DIR/hotspot.conf"
daemon_wait 'Good Uplink: authenticated by known' 90 || fail "not online"
sta_mark
usleep 45000000
good=$(sta_events | tail -n +$((RADIO_EV_MARK + 1)) | grep -c 'CTRL-EVENT-SCAN-STARTED')
log "scans in 45 s on a good uplink: $good"
expect_lt "$good" 3 "a good uplink is scanned at most every 30 s"

# The same uplink counts as weak once min_signal is above it (-45 dBm is 0.92): scans every 5 s.
sed -i "s/option min_signal '35'/option min_signal '97'/" "$RADIO_DIR/hotspot.conf"
kill -HUP "$(daemon_pid)"
daemon_wait 'configuration reloaded' 10 || fail "reload not logged"
sta_mark
usleep 40000000
weak=$(sta_events | tail -n +$((RADIO_EV_MARK + 1)) | grep -c 'CTRL-EVENT-SCAN-STARTED')
log "scans in 40 s on a weak uplink: $weak"
# Checked every 5 s; a scan under TCG takes seconds, and one asked for while another runs is refused (BUSY).
expect_lt 1 "$weak" "a weak uplink is scanned to find a better one"
expect_eq "$(sta_state)" COMPLETED "still on the uplink"
note "scans: $good in 45 s on a good uplink (connected_scan_interval 30 s), $weak in 40 s on a weak one"
