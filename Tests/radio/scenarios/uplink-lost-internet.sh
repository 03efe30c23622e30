# uplink-lost-internet: the owner's WPA2 network (the `known` helper, which maintains nothing) is online;
# its internet is cut: the daemon's check notices within netcheck_interval (10 s here), confirms it 5 s
# later and moves to the owner's second network. Internet back: once the first network's backoff (10 s) is over, a scan finds it
# again, it is joined, validates and is kept. Reports both times.
# radio-timeout: 150
# radio-arches: x86_64

ap_start home --ssid "Home" --psk "home-secret-1" --dhcp
ap_start backup --ssid "Backup" --psk "backup-secret-1" --dhcp --txpower 1000
sta_start
sta_dhcp_on_link
{ daemon_main netcheck_interval 10 backoff_base 10 connected_scan_interval 5 switch_scans 1; cat <<EOF_UCI
config helper 'known'
	option builtin 'known'
config network
	option ssid 'Home'
	option key 'home-secret-1'
	option priority '10'
config network
	option ssid 'Backup'
	option key 'backup-secret-1'
	option priority '5'
EOF_UCI
} | daemon_config
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
daemon_start "$RADIO_DIR/hotspot.conf"
daemon_wait 'Home: internet reachable' 60 || { daemon_log | tail -n 30; fail "Home never validated"; }
daemon_mark
ap_internet home off
t0=$(radio_uptime)
daemon_wait 'Home: no internet at the first look' 20 || { daemon_log | tail -n 30; fail "the lost internet was not noticed"; }
t1=$(radio_uptime)
expect_lt "$(secs $t0 $t1 | cut -d. -f1)" 12 "noticed within netcheck_interval"
daemon_wait 'Home: left: no internet' 15 || { daemon_log | tail -n 30; fail "Home was not left"; }
daemon_wait 'Backup: internet reachable' 40 || { daemon_log | tail -n 30; fail "not online on Backup"; }
t2=$(radio_uptime)
daemon_mark
ap_internet home on
t3=$(radio_uptime)
daemon_wait 'Home: internet reachable' 60 || { daemon_log | tail -n 30; fail "Home was not used again"; }
t4=$(radio_uptime)
daemon_cli status > /dev/null; expect_eq "$?" 0 "status: usable"
note "cut noticed in $(secs $t0 $t1) s, online on Backup $(secs $t1 $t2) s later; internet back → Home again in $(secs $t3 $t4) s"
