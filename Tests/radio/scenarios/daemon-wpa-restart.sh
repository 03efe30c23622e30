# daemon-wpa-restart: wpa_supplicant is killed and started again with a fresh configuration (as netifd
# does on `wifi reload`): hotspotd reconnects, re-applies its network and its choice, and the uplink is
# back without the owner doing anything. The built-in `known` helper handles the owner's network.
# radio-timeout: 200
# radio-arches: x86_64 aarch64 armv7

ap_start home --ssid "Home Base" --psk "home-base-pass" --dhcp
sta_start
sta_dhcp_on_link
{ daemon_main; cat <<EOF_UCI
config helper 'known'
	option builtin 'known'
config network
	option ssid 'Home Base'
	option key 'home-base-pass'
EOF_UCI
} | daemon_config
daemon_start "$RADIO_DIR/hotspot.conf"
daemon_wait 'Home Base: authenticated by known' 90 || fail "not authenticated by the known helper"

daemon_mark
kill -9 "$(cat $RADIO_RUN/wpa_supplicant.pid)"
rm -f $RADIO_RUN/wpa_supplicant.pid
usleep 500000
sta_start
# netifd would bring DHCP back with the interface; here the action script follows the new wpa_supplicant.
sta_dhcp_on_link
expect_eq "$(wpa list_networks | tail -n +2 | wc -l)" 0 "the new wpa_supplicant knows no network"
daemon_wait 'attached to wpa_supplicant' 30 || fail "hotspotd did not re-attach"
daemon_wait 'Home Base: authenticated by known' 90 || fail "uplink not restored"
wait_for "ip -4 addr show $STA_IF | grep -q 'inet 10.42.1.'" 30 || fail "no address after the restart"
expect_eq "$(wpa list_networks | tail -n +2 | wc -l)" 1 "one network block re-applied"
note "wpa_supplicant restarted with a fresh configuration: uplink restored by hotspotd"
