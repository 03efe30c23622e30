# uplink-pinned-bssid: `option bssid` of config network. Two APs carry the owner's open network; the one at
# full power would be chosen by signal, but the section pins the other, weaker one → joined through it
# (wpa_supplicant's network carries that bssid), and the strong one is never associated with.
# radio-timeout: 120
# radio-arches: x86_64

ap_start strong --ssid "Home Base" --open --dhcp
ap_start pinned --ssid "Home Base" --open --dhcp --txpower 500
sta_start
sta_dhcp_on_link
sta_events_start
pin=$(ap_bssid pinned)
{ daemon_main; cat <<EOF_UCI
config helper 'known'
	option builtin 'known'
config network
	option ssid 'Home Base'
	# Join it only through this access point.
	option bssid '$pin'
EOF_UCI
} | daemon_config
daemon_start "$RADIO_DIR/hotspot.conf"
daemon_wait 'Home Base: authenticated by known' 60 || fail "the pinned network was not joined"
expect_eq "$(wpa status | sed -n 's/^bssid=//p')" "$pin" "associated with the pinned AP"
id=$(wpa status | sed -n 's/^id=//p')
expect_eq "$(wpa get_network "$id" bssid)" "$pin" "wpa_supplicant's network names the pinned BSSID"
expect_eq "$(sta_events | grep 'CTRL-EVENT-CONNECTED' | grep -c "$(ap_bssid strong)")" 0 "the stronger AP was never associated with"
# The pin is what chose: by signal the other AP would win.
scan=$(wpa scan_results); printf '%s\n' "$scan"
strong_dbm=$(printf '%s\n' "$scan" | awk -v b="$(ap_bssid strong)" '$1 == b { print $3 }')
pinned_dbm=$(printf '%s\n' "$scan" | awk -v b="$pin" '$1 == b { print $3 }')
[ -n "$strong_dbm" ] && [ -n "$pinned_dbm" ] && [ "$strong_dbm" -gt "$pinned_dbm" ] \
    || fail "the pinned AP is not the weaker one (strong ${strong_dbm:-?} dBm, pinned ${pinned_dbm:-?} dBm)"
note "joined through the pinned AP at $pinned_dbm dBm, passing the other at $strong_dbm dBm"
