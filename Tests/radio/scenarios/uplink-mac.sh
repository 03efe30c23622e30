# uplink-mac: MAC policies (issue 22), as the access points see them (hostapd's station list). A known
# network with `option mac per-network` gets a stable locally administered address; the portal session
# logged in under it (the portal knows the client by the DHCP lease the address holds) survives a daemon
# restart with the address reset to hardware. Then `join --mac CLONE`, the global per-join policy (a new
# address at each join), and `--mac hardware`.
# radio-timeout: 120
# radio-arches: x86_64 aarch64

ap_start hotel --ssid "Mac Hotel" --open --dhcp
portal_start hotel
ap_start cafe --ssid "Mac Cafe" --open --dhcp --txpower 1000
ap_start inn --ssid "Mac Inn" --open --dhcp --txpower 1000
sta_start
sta_dhcp_on_link
hw=$(cat /sys/class/net/$STA_IF/address)
# The addresses an AP has associated now.
ap_stas() { in_ap hostapd_cli -p $HOSTAPD_CTRL -i "$(ap_if "$1")" all_sta | grep -E '^([0-9a-f]{2}:){5}[0-9a-f]{2}$'; }
my_mac() { cat /sys/class/net/$STA_IF/address; }
# A locally administered unicast address: the first byte's low two bits are 10.
is_local() { [ $((0x${1%%:*} & 3)) -eq 2 ]; }
{ daemon_main mac_policy per-join; cat <<EOF_UCI
config network
	option ssid 'Mac Hotel'
	option mac 'per-network'
EOF_UCI
} | daemon_config

daemon_start "$RADIO_DIR/hotspot.conf"
daemon_wait 'Mac Hotel: authenticated by no helper' 60 || fail "Mac Hotel not joined"
m1=$(my_mac)
expect "is_local $m1" "per-network: a locally administered address ($m1, hardware $hw)"
expect_match "$(ap_stas hotel)" "$m1" "the AP sees the per-network address"
expect_match "$(daemon_cli status)" "mac +$m1 \\(per-network\\)" "status shows the address and its policy"
expect_match "$(daemon_cli status --json)" "\"mac\":\"$m1 \\(per-network\\)\"" "status --json too"
expect_eq "$(stat -c '%a %s' $RADIO_DIR/hotspotd.state.key)" "600 16" "the per-router secret, on flash, 0600"
wait_for 'ip -4 addr show dev $STA_IF | grep -q inet' 20 || fail "no DHCP lease"
addr1=$(ip -4 addr show dev $STA_IF | sed -n 's/.*inet \([0-9.]*\).*/\1/p')
http_post http://10.42.1.1/login accept=yes > /dev/null
expect_eq "$(portal_logins)" 1 "logged in to the portal by hand"
expect_eq "$(http_status http://10.42.1.1/generate_204)" 204 "online through the portal"

# A restart as after a reboot: the association gone, the radio back on its hardware address.
daemon_stop
wpa disconnect > /dev/null
wait_for '! ip -4 addr show dev $STA_IF | grep -q inet' 10
ip link set $STA_IF down; ip link set $STA_IF address "$hw"; ip link set $STA_IF up
daemon_mark
daemon_start "$RADIO_DIR/hotspot.conf"
daemon_wait 'Mac Hotel: authenticated by no helper' 60 || fail "Mac Hotel not joined after the restart"
expect_eq "$(my_mac)" "$m1" "the same per-network address after the restart"
wait_for 'ip -4 addr show dev $STA_IF | grep -q inet' 20 || fail "no DHCP lease after the restart"
expect_eq "$(ip -4 addr show dev $STA_IF | sed -n 's/.*inet \([0-9.]*\).*/\1/p')" "$addr1" "the same lease"
expect_eq "$(http_status http://10.42.1.1/generate_204)" 204 "the portal session survived the restart"
expect_eq "$(portal_logins)" 1 "without a second login"

daemon_mark
daemon_cli join "Mac Cafe" --mac 02:aa:bb:cc:dd:ee --once || fail "join --mac refused"
daemon_wait 'Mac Cafe: authenticated by no helper' 40 || fail "Mac Cafe not joined"
expect_match "$(ap_stas cafe)" '02:aa:bb:cc:dd:ee' "clone: the AP sees the given address"

daemon_mark
daemon_cli join "Mac Inn" --once || fail "join Mac Inn refused"
daemon_wait 'Mac Inn: authenticated by no helper' 40 || fail "Mac Inn not joined"
j1=$(my_mac)
expect "is_local $j1 && [ $j1 != $m1 ] && [ $j1 != 02:aa:bb:cc:dd:ee ]" "per-join (the global policy): a new address $j1"
expect_match "$(ap_stas inn)" "$j1" "the AP sees it"

daemon_mark
daemon_cli join "Mac Cafe" --mac hardware --once || fail "join --mac hardware refused"
daemon_wait 'Mac Cafe: authenticated by no helper' 40 || fail "Mac Cafe not joined again"
expect_eq "$(my_mac)" "$hw" "hardware: the radio's own address"
expect_match "$(ap_stas cafe)" "$hw" "the AP sees the hardware address"

daemon_mark
daemon_cli join "Mac Inn" --once || fail "join Mac Inn again refused"
daemon_wait 'Mac Inn: authenticated by no helper' 40 || fail "Mac Inn not joined again"
expect "[ $(my_mac) != $j1 ] && is_local $(my_mac)" "per-join: another address at the next join ($(my_mac))"
note "per-network $m1 kept across a restart with the portal session; clone, per-join ($j1, then $(my_mac)), hardware $hw seen by the APs"
