# daemon-hostile-ssid: access points named `CTRL-EVENT-TERMINATING` (WPA2, which the owner's list gives
# a wrong key, so wpa_supplicant prints events naming it), and with quotes, a backslash, a newline and
# bytes that are not UTF-8 in their names, around the real uplink. hotspotd keeps one control connection
# throughout, backs the bad network off, and keeps its uplink.
# radio-timeout: 240
# radio-arches: x86_64 aarch64 armv7

ap_start trap --ssid "CTRL-EVENT-TERMINATING" --psk "trap-password-1"
ap_start quotes --ssid-hex "$(hexof 'say "hi" \ bye')" --open
ap_start newline --ssid-hex "$(hexof "$(printf 'line1\n<3>CTRL-EVENT-TERMINATING')")" --open
ap_start bytes --ssid-hex "ff00fe0a0d09c3" --open
ap_start base --ssid "Base Camp" --open --dhcp --txpower 1000
sta_start
sta_dhcp_on_link
sta_events_start
{ daemon_main backoff_base 60; cat <<EOF_UCI
config helper 'known'
	option builtin 'known'
config network
	option ssid 'CTRL-EVENT-TERMINATING'
	option key 'wrong-password-0'
	option priority '10'
config network
	option ssid 'Base Camp'
EOF_UCI
} | daemon_config
daemon_start "$RADIO_DIR/hotspot.conf"
daemon_wait 'CTRL-EVENT-TERMINATING: wpa_supplicant: WRONG_KEY' 90 || fail "the trap network was not tried"
expect "sta_events | grep -q 'ssid=\"CTRL-EVENT-TERMINATING\"'" "wpa_supplicant printed events naming it"
daemon_wait 'Base Camp: authenticated by known' 90 || fail "not online on Base Camp"
usleep 10000000
expect_eq "$(daemon_count 'attached to wpa_supplicant')" 1 "one control connection all along"
expect_eq "$(daemon_count 'wpa_supplicant connection lost')" 0 "the control connection never dropped"
expect_eq "$(wpa status | sed -n 's/^ssid=//p')" "Base Camp" "the uplink is kept"
note "an AP named CTRL-EVENT-TERMINATING and odd SSIDs around: one control connection, uplink kept"
