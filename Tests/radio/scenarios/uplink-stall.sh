# uplink-stall (issue 39): a café's upstream dies while the router is in use. The café (the owner's WPA2
# network, no helper maintains it: the daemon's internet check, every 300 s by default) is online and
# traffic flows from the router (a datagram every 100 ms to an internet address, each answered); the owner's
# phone hotspot is in range. The café's upstream goes dead (packets vanish, DNS silent): the station's
# counters show packets going out and nothing back → the internet check is brought forward ("traffic goes
# out and nothing comes back"), within 30 s of the cut → the café is left, online on the phone within 60 s.
# Then, with no traffic, the phone's upstream dies too: a quiet LAN is no stall (no such line in 25 s).
# radio-timeout: 240
# radio-arches: x86_64 aarch64

ap_start cafe --ssid "Corner Cafe" --psk "cafe-secret-1" --dhcp
ap_start phone --ssid "My Phone" --psk "phone-secret-1" --dhcp
sta_start
sta_dhcp_on_link
{ daemon_main; cat <<EOF_UCI
config network
	option ssid 'Corner Cafe'
	option key 'cafe-secret-1'
	option priority '10'
config network
	option ssid 'My Phone'
	option key 'phone-secret-1'
	option priority '5'
EOF_UCI
} | daemon_config
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
daemon_start "$RADIO_DIR/hotspot.conf"
daemon_wait 'Corner Cafe: internet reachable' 60 || fail "the café never validated"

# The router's own traffic through the uplink: answered (the AP side's ICMP port unreachable) while it works.
( while :; do echo x; usleep 100000; done ) | socat -u - UDP4-SENDTO:198.51.100.80:9 2>/dev/null &
traffic=$!
sleep 21
expect_no_match "$(daemon_log)" "nothing comes back" "answered traffic is no stall"

daemon_mark
ap_internet cafe dead
t0=$(radio_uptime)
daemon_wait 'Corner Cafe: traffic goes out and nothing comes back' 40 || { daemon_log | tail -n 20; fail "the stall was not noticed"; }
t1=$(radio_uptime)
expect_lt "$(secs $t0 $t1 | cut -d. -f1)" 31 "noticed within 30 s of the cut"
daemon_wait 'My Phone: internet reachable' 60 || { daemon_log | tail -n 30; fail "not online on the phone"; }
t2=$(radio_uptime)
expect_lt "$(secs $t0 $t2 | cut -d. -f1)" 61 "online on the phone within 60 s of the cut"
kill $traffic 2>/dev/null; pkill -f "UDP4-SENDTO:198.51.100.80" 2>/dev/null
note "stall noticed $(secs $t0 $t1) s after the cut; online on the phone $(secs $t0 $t2) s after it"

# No traffic: the phone's upstream dies unnoticed until the check's own time (300 s): no stall is invented
# (two polls and more).
sleep 2
daemon_mark
ap_internet phone dead
sleep 25
expect_no_match "$(daemon_log | tail -n +$((RADIO_DAEMON_MARK + 1)))" "nothing comes back" "a quiet LAN is no stall"
