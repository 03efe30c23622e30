# uplink-prefix-hidden: NEHotspotConfiguration's ssidPrefix and hidden on the router (issue 22). A
# configured `option ssid_prefix 'Hotel-'` network joins the AP "Hotel-Lobby" by itself; then the owner
# joins "Back Office", an AP that answers only directed probes (ignore_broadcast_ssid), with `join
# --hidden`: wpa_supplicant's block has scan_ssid=1, the daemon's scans never show the name, and it is
# kept as a hidden network of the owner's.
# radio-timeout: 120
# radio-arches: x86_64

ap_start lobby --ssid "Hotel-Lobby" --open --dhcp
ap_start office --ssid "Back Office" --psk "office-pass-123" --dhcp
# Hidden: the beacon carries no name and broadcast probes get no answer.
in_ap hostapd_cli -p $HOSTAPD_CTRL -i "$(ap_if office)" set ignore_broadcast_ssid 1 > /dev/null
in_ap hostapd_cli -p $HOSTAPD_CTRL -i "$(ap_if office)" update_beacon > /dev/null
sta_start
sta_dhcp_on_link
{ daemon_main; cat <<EOF_UCI
config network
	option ssid_prefix 'Hotel-'
EOF_UCI
} | daemon_config
umask 077; printf 'office-pass-123\n' > "$RADIO_DIR/office.pass"; umask 022

daemon_start "$RADIO_DIR/hotspot.conf"
daemon_wait 'Hotel-Lobby: authenticated by no helper' 60 || fail "the prefix network did not join Hotel-Lobby"
sc=$(daemon_cli scan); log "$sc"
expect_no_match "$sc" 'Back Office' "scans do not show the hidden network by name"

daemon_mark
daemon_cli join "Back Office" --hidden --passphrase-file "$RADIO_DIR/office.pass" || fail "join --hidden refused"
daemon_wait 'Back Office: authenticated by no helper' 60 || fail "the hidden network was not joined"
id=$(wpa list_networks | awk -F'\t' '$2 == "Back Office" { print $1 }')
expect_eq "$(wpa get_network "$id" scan_ssid)" 1 "wpa_supplicant probes for it by name (scan_ssid=1)"
expect "grep -q ' hidden' $RADIO_DIR/hotspotd.state" "kept as a hidden network in the state file"
expect_match "$(in_ap hostapd_cli -p $HOSTAPD_CTRL -i "$(ap_if office)" all_sta)" "$(cat /sys/class/net/$STA_IF/address)" "the hidden AP has the router associated"
note "ssid_prefix 'Hotel-' joined Hotel-Lobby; join --hidden joined Back Office (scan_ssid=1), kept as hidden"
