# nl80211-capture: the real kernel's nl80211 replies (GET_SCAN dump, GET_STATION) saved raw by
# `hotspotd radio scan|station --raw`, with iw's reading of the same state, for the unit tests
# (Tests/HotspotSystemTests/Fixtures/nl80211, installed by Tests/radio/capture-fixtures). Checks that
# the raw dump holds one message per BSS iw lists.
# radio-timeout: 120
# radio-arches: x86_64
# (`hotspotd radio` is in the x86_64 build only: the ARM router builds leave the verbs out for flash.)

ap_start home --ssid "Raw Home" --psk "raw-home-pass"
ap_start cafe --ssid-hex "$(hexof 'Raw Café')ff" --open --txpower 500
sta_start
sta_events_start
sta_mark
sta_scan || fail "scan"
sta_connect home
iw dev $STA_IF scan dump > iw_scan_dump.txt
hotspotd radio scan --interface $STA_IF --run-dir /run/hotspotd --raw scan_dump.hex > scan.txt 2>&1 || { cat scan.txt; fail "radio scan --raw"; }
iw dev $STA_IF station dump > iw_station_dump.txt
hotspotd radio station --interface $STA_IF --run-dir /run/hotspotd --raw station.hex > station.txt 2>&1 || { cat station.txt; fail "radio station --raw"; }
cat scan.txt station.txt
expect_eq "$(grep -c . scan_dump.hex)" "$(grep -c '^BSS ' iw_scan_dump.txt)" "one raw message per BSS"
expect_eq "$(grep -c . station.hex)" 1 "one station message"
{
    echo "home $(ap_bssid home) $(ap_ssid_hex home)"
    echo "cafe $(ap_bssid cafe) $(ap_ssid_hex cafe)"
    echo "kernel $(uname -r) $(uname -m)"
} > aps.txt
for f in scan_dump.hex station.hex iw_scan_dump.txt iw_station_dump.txt scan.txt station.txt aps.txt; do
    save_artifact "nl80211_$f" "$f"
done
