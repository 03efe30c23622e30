# uplink-two-radios: the router has two station radios as a travel router does, wlan0 for 2.4 GHz and
# wlan5g for 5 GHz, each with its own wpa_supplicant (freq_list keeps each to its band, as the hardware
# would) and DHCP client, both in `list interface`. A 5 GHz-only network (Five, the owner's first) and a
# 2.4 GHz one (Two, up once Five is the uplink): online on Five through wlan5g; Five's AP vanishes → online
# on Two through wlan0, one station associated at a time; `status` (text and JSON) names the radio each time.
# radio-timeout: 150
# radio-arches: x86_64 aarch64

# 5 GHz channels need a country that allows an AP on them (the world domain does not).
iw reg set US
# The last AP radio comes back to the router as its 5 GHz station radio.
set -- $(tail -n1 $RADIO_RUN/ap-free); sed -i '$d' $RADIO_RUN/ap-free
in_ap iw phy "$3" set netns 1 || fail "the second station radio did not come back"
ip link set "$2" name wlan5g && ip link set wlan5g up || fail "no wlan5g"

ap_start five --ssid "Five" --open --dhcp --channel 36 --conf "hw_mode=a
country_code=US"
sta_start "freq_list=2412 2437 2462"
sta_dhcp_on_link
{ echo "ctrl_interface=$WPA_CTRL"; echo "update_config=0"; echo "freq_list=5180 5200 5220 5240"; } > $RADIO_DIR/wpa5.conf
wpa_supplicant -B -t -i wlan5g -D nl80211 -c $RADIO_DIR/wpa5.conf -P $RADIO_RUN/wpa5.pid -f $RADIO_DIR/wpa_supplicant-5g.log \
    || fail "wpa_supplicant on wlan5g did not start"
wait_for "wpa_cli -p $WPA_CTRL -i wlan5g ping | grep -q PONG" 10 || fail "wlan5g's control socket"
wpa_cli -p $WPA_CTRL -i wlan5g -a /radio/link-dhcp.sh -B -P $RADIO_RUN/wpa_cli-5g.pid || fail "wlan5g's DHCP"

{ daemon_main | sed '/option interface/d'; cat <<EOF_UCI
	list interface 'wlan0'
	list interface 'wlan5g'
config network
	option ssid 'Five'
	option priority '10'
config network
	option ssid 'Two'
	option priority '5'
EOF_UCI
} | daemon_config
daemon_start "$RADIO_DIR/hotspot.conf"
daemon_wait 'Five: authenticated' 40 || { wpa_cli -p $WPA_CTRL -i wlan5g scan_results; fail "not online on Five"; }
st=$(daemon_cli status); log "$st"
expect_match "$st" "radio +wlan5g" "status names the 5 GHz radio"
expect_match "$(daemon_cli status --json)" '"frequency":5180,.*"interface":"wlan5g"' "status --json names it"
expect_match "$(wpa_cli -p $WPA_CTRL -i wlan0 status)" "wpa_state=(DISCONNECTED|INACTIVE|SCANNING)" "wlan0 is not associated"

# Two comes up once the uplink is Five: the owner's first network, on the other radio.
ap_start two --ssid "Two" --open --dhcp --channel 6
daemon_mark
t0=$(radio_uptime)
kill -9 "$(cat "$(ap_dir five)/pid")"
in_ap ip link set "$(ap_if five)" down
daemon_wait 'Five: lost' 40 || { daemon_log | tail -n 30; fail "the loss of Five was not noticed"; }
daemon_wait 'Two: authenticated' 40 || { daemon_log | tail -n 30; fail "not online on Two"; }
t1=$(radio_uptime)
st=$(daemon_cli status); log "$st"
expect_match "$st" "radio +wlan0" "status names the 2.4 GHz radio"
expect_match "$(daemon_cli status --json)" '"interface":"wlan0"' "status --json names it"
expect_no_match "$(wpa_cli -p $WPA_CTRL -i wlan5g status)" "wpa_state=COMPLETED" "wlan5g is not associated"
expect_eq "$(wpa_cli -p $WPA_CTRL -i wlan5g list_networks | tail -n +2 | wc -l)" 0 "wlan5g keeps no network of ours"
note "online on the 2.4 GHz radio $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') s after the 5 GHz AP vanished"
