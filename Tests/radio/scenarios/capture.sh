# capture: records what the real wpa_supplicant 2.10 and iw say, as fixtures for the parsers'
# unit tests (Tests/radio/capture-fixtures copies them to Tests/HotspotProtocolTests/Fixtures/).
# Checks on the way that each reply carries what the parsers will rely on, so it fails when the
# radio stack misbehaves: scan results with all four SSIDs, the weaker AP weaker, WRONG_KEY,
# NETWORK-NOT-FOUND, CONNECTED/DISCONNECTED and TERMINATING events.
# radio-timeout: 240
# radio-arches: x86_64
# (`hotspotd radio` is in the x86_64 build only: the ARM router builds leave the verbs out for flash.)

ODD_SSID='Café "Zoë" \ 1'
# Not UTF-8, with a tab, a newline and a NUL: what hostile SSIDs look like.
BYTES_SSID_HEX=ff41090a00427a

ap_start home --ssid "Radio Home WPA2" --psk "correct horse battery"
ap_start cafe --ssid "Open Cafe" --open --txpower 500
ap_start odd --ssid "$ODD_SSID" --psk "zoe's password" --txpower 1000
ap_start bytes --ssid-hex $BYTES_SSID_HEX --open --txpower 1500

sta_start
sta_events_start
wpa status > status_idle.txt
save_artifact status_idle.txt status_idle.txt

freqs=2412,2437,2462
# Two scans so that every BSS is surely seen (hwsim beacons are quick, but one pass may miss one).
sta_scan $freqs || fail "no scan results event"
sta_scan $freqs || fail "no second scan results event"
wpa scan_results > scan_results.txt
cat scan_results.txt
save_artifact scan_results.txt scan_results.txt
expect_eq "$(grep -c '^..:..:..:..:..:..' scan_results.txt)" 4 "four BSSes in SCAN_RESULTS"
expect_match "$(cat scan_results.txt)" "Café \\\\\"Zoë\\\\\" \\\\\\\\ 1|Caf\\\\xc3\\\\xa9" "the odd SSID appears (escaped) in SCAN_RESULTS"

i=0
for ap in home cafe odd bytes; do
    bssid=$(ap_bssid $ap)
    wpa bss "$bssid" > bss_$ap.txt
    save_artifact "bss_$ap.txt" bss_$ap.txt
    expect_match "$(cat bss_$ap.txt)" "^bssid=$bssid" "BSS $bssid ($ap) answers"
done
wpa bss 0 > bss_index0.txt; save_artifact bss_index0.txt bss_index0.txt
# Paging through the list as hotspotd does: id, bssid, freq, level, age, flags, ssid + delimiter.
wpa bss RANGE=ALL MASK=0x21a87 > bss_range_all.txt; save_artifact bss_range_all.txt bss_range_all.txt
wpa bss RANGE=0-1 MASK=0x21a87 > bss_range_0_1.txt; save_artifact bss_range_0_1.txt bss_range_0_1.txt
expect_eq "$(grep -c "^id=" bss_range_all.txt)" 4 "BSS RANGE=ALL has four entries"
level() { sed -n 's/^level=//p' bss_$1.txt; }
expect_lt "$(level cafe)" "$(level home)" "open cafe (500 mBm) reads weaker than home (full power)"

iw dev $STA_IF scan dump > iw_scan_dump.txt
save_artifact iw_scan_dump.txt iw_scan_dump.txt
expect_eq "$(grep -c '^BSS ' iw_scan_dump.txt)" 4 "iw scan dump lists four BSSes"

wpa list_networks > list_networks_empty.txt
save_artifact list_networks_empty.txt list_networks_empty.txt

# A wrong passphrase: SSID-TEMP-DISABLED ... reason=WRONG_KEY.
bad=$(sta_add_network --ssid-hex "$(ap_ssid_hex home)" --psk "not the password")
sta_mark
wpa select_network "$bad" > /dev/null
sta_wait_event 'CTRL-EVENT-SSID-TEMP-DISABLED.*reason=WRONG_KEY' 60 || fail "no WRONG_KEY event"
wpa status > status_wrong_key.txt; save_artifact status_wrong_key.txt status_wrong_key.txt
wpa list_networks > list_networks_temp_disabled.txt; save_artifact list_networks_temp_disabled.txt list_networks_temp_disabled.txt
wpa remove_network "$bad" > /dev/null

# A network that is not there: CTRL-EVENT-NETWORK-NOT-FOUND.
gone=$(sta_add_network --ssid "Nowhere Hotel" --psk "whatever123")
sta_mark
wpa select_network "$gone" > /dev/null
sta_wait_event 'CTRL-EVENT-NETWORK-NOT-FOUND' 60 || fail "no NETWORK-NOT-FOUND event"
wpa remove_network "$gone" > /dev/null
wpa disconnect > /dev/null

# The real joins.
home=$(sta_add_network --ssid-hex "$(ap_ssid_hex home)" --psk "$(ap_psk home)")
cafe=$(sta_add_network --ssid-hex "$(ap_ssid_hex cafe)" --open)
odd=$(sta_add_network --ssid "$ODD_SSID" --psk "$(ap_psk odd)")
bytes=$(sta_add_network --ssid-hex $BYTES_SSID_HEX --open)
wpa list_networks > list_networks.txt; save_artifact list_networks.txt list_networks.txt
wpa get_network "$odd" ssid > get_network_ssid_odd.txt; save_artifact get_network_ssid_odd.txt get_network_ssid_odd.txt

join() {  # ID NAME
    sta_mark
    wpa select_network "$1" > /dev/null
    wait_for '[ "$(sta_state)" = COMPLETED ]' 30 || { wpa status; fail "could not join $2"; }
    sta_wait_event "CTRL-EVENT-CONNECTED - Connection to $(ap_bssid $2)" 10 || fail "no CONNECTED event for $2"
    wpa status > status_connected_$2.txt; save_artifact status_connected_$2.txt status_connected_$2.txt
    wpa signal_poll > signal_poll_$2.txt; save_artifact signal_poll_$2.txt signal_poll_$2.txt
    iw dev $STA_IF station dump > iw_station_dump_$2.txt; save_artifact iw_station_dump_$2.txt iw_station_dump_$2.txt
    iw dev $STA_IF link > iw_link_$2.txt; save_artifact iw_link_$2.txt iw_link_$2.txt
    expect_match "$(cat status_connected_$2.txt)" "^bssid=$(ap_bssid $2)" "STATUS names $2's BSSID"
    expect_match "$(cat signal_poll_$2.txt)" "^RSSI=-[0-9]+" "SIGNAL_POLL has an RSSI"
    expect_match "$(cat iw_station_dump_$2.txt)" "signal:" "station dump has a signal"
}
join "$home" home
join "$odd" odd
join "$cafe" cafe
join "$bytes" bytes
sta_mark
wpa disconnect > /dev/null
sta_wait_event 'CTRL-EVENT-DISCONNECTED' 10 || fail "no DISCONNECTED event"
wpa status > status_disconnected.txt; save_artifact status_disconnected.txt status_disconnected.txt
wpa list_networks > list_networks_after.txt; save_artifact list_networks_after.txt list_networks_after.txt

sta_mark
wpa terminate > /dev/null
sta_wait_event 'CTRL-EVENT-TERMINATING' 10 || fail "no TERMINATING event"
sta_events_stop
sta_events > events.txt
save_artifact events.txt events.txt
for ev in CTRL-EVENT-SCAN-STARTED CTRL-EVENT-SCAN-RESULTS CTRL-EVENT-CONNECTED CTRL-EVENT-DISCONNECTED \
          CTRL-EVENT-SSID-TEMP-DISABLED CTRL-EVENT-NETWORK-NOT-FOUND CTRL-EVENT-TERMINATING; do
    grep -q "$ev" events.txt || fail "event $ev missing"
done

{
    echo "kernel=$(uname -r)"
    echo "arch=$(uname -m)"
    wpa_supplicant -v | sed -n 's/^wpa_supplicant v/wpa_supplicant=/p'
    hostapd -v 2>&1 | sed -n 's/^hostapd v/hostapd=/p'
    echo "iw=$(iw --version | sed 's/^iw version //')"
    echo "ap_home=$(ap_bssid home) $(ap_freq home) full power"
    echo "ap_cafe=$(ap_bssid cafe) $(ap_freq cafe) txpower 500 mBm"
    echo "ap_odd=$(ap_bssid odd) $(ap_freq odd) txpower 1000 mBm"
    echo "ap_bytes=$(ap_bssid bytes) $(ap_freq bytes) txpower 1500 mBm"
    echo "ssid_odd_hex=$(ap_ssid_hex odd)"
    echo "ssid_bytes_hex=$BYTES_SSID_HEX"
} > versions.txt
save_artifact versions.txt versions.txt

if hotspotd radio probe --interface $STA_IF > probe.txt 2>&1; then
    save_artifact hotspotd_radio_probe.txt probe.txt
    hotspotd radio probe --interface $STA_IF --json > probe.json 2>&1 && save_artifact hotspotd_radio_probe.json probe.json
fi
note "captured $(ls $RADIO_DIR/artifacts | wc -l) files; levels: home $(level home), odd $(level odd), bytes $(level bytes), cafe $(level cafe)"
