# fault-ap-loss: the uplink AP vanishes (hostapd SIGKILLed and its radio taken down: no deauth, just
# silence) while a helper is busy with it — once during authenticate, once during maintain. The daemon
# notices the link loss itself (wpa_supplicant's disconnect, not the helper's 45 s time limit), abandons
# the helper command and is online on the next network. Reports detection and failover times.
# radio-timeout: 240
# radio-arches: x86_64 aarch64

ap_start first --ssid "First" --open --dhcp
ap_start second --ssid "Second" --open --dhcp --txpower 1000
sta_start
sta_dhcp_on_link
# A helper that hangs in authenticate / maintain while a flag file says so (it runs as nobody).
flags=/tmp/flags; mkdir -p $flags; chmod 1777 $flags
daemon_helper venue <<'EOS'
case $1 in
    evaluate) echo confidence=high; echo result=success;;
    authenticate) [ -e /tmp/flags/hang-authenticate ] && sleep 100; echo result=success;;
    maintain) [ -e /tmp/flags/hang-maintain ] && sleep 100; echo result=success;;
    *) echo result=success;;
esac
EOS
{ daemon_main maintain_interval 8; daemon_helper_section venue; cat <<EOF_UCI
config network
	option ssid 'First'
	option priority '10'
config network
	option ssid 'Second'
	option priority '5'
config network
	option ssid 'Third'
	option priority '1'
EOF_UCI
} | daemon_config

# vanish NAME: the AP goes silent at once, as when a venue's AP loses power.
vanish() {
    kill -9 "$(cat "$(ap_dir "$1")/pid")"
    in_ap ip link set "$(ap_if "$1")" down
}
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

touch $flags/hang-authenticate
daemon_start "$RADIO_DIR/hotspot.conf"
daemon_wait 'helper venue: authenticate First' 90 || fail "authenticate on First never started"
usleep 1000000
t0=$(radio_uptime)
vanish first
rm -f $flags/hang-authenticate
daemon_wait 'First: lost' 40 || fail "the loss of First was not noticed"
t1=$(radio_uptime)
daemon_wait 'Second: authenticated by venue' 60 || fail "not online on Second"
t2=$(radio_uptime)
expect_eq "$(daemon_count 'timed out')" 0 "no helper command ran into its time limit"
expect_lt "$(secs "$t0" "$t1" | cut -d. -f1)" 30 "noticed well before the helper's 45 s limit"
auth_detect=$(secs "$t0" "$t1"); auth_online=$(secs "$t0" "$t2")

daemon_mark
ap_start third --ssid "Third" --open --dhcp --txpower 1000
touch $flags/hang-maintain
daemon_wait 'helper venue: maintain Second' 60 || fail "maintain on Second never started"
usleep 1000000
t0=$(radio_uptime)
vanish second
rm -f $flags/hang-maintain
daemon_wait 'Second: lost' 40 || fail "the loss of Second was not noticed"
t1=$(radio_uptime)
daemon_wait 'Third: authenticated by venue' 60 || fail "not online on Third"
t2=$(radio_uptime)
expect_eq "$(daemon_count 'timed out')" 0 "no helper command ran into its time limit"
expect_eq "$(daemon_cli status >/dev/null 2>&1; echo $?)" 0 "status says usable"
note "AP lost during authenticate: noticed after ${auth_detect} s, online on the next after ${auth_online} s; during maintain: noticed after $(secs "$t0" "$t1") s, online after $(secs "$t0" "$t2") s"
