# signal: two access points, one at full power and one at 500 mBm; the weaker one must read weaker.
# With `hotspotd radio scan` (nl80211 scan dump) the check is on hotspotd's own table and JSON:
# every BSS with its RSSI (equal to what iw reports) and a 0.0-1.0 signal, the weak AP lower in
# both. Without that subcommand (older binaries) it checks with iw and says so. Once associated,
# `hotspotd radio station` must report the link's RSSI like `iw station dump` does.
# radio-timeout: 150
# radio-arches: x86_64
# (`hotspotd radio` is in the x86_64 build only: the ARM router builds leave the verbs out for flash.)

ap_start strong --ssid "Strong Hotel" --psk "strong-pass-1"
ap_start weak --ssid "Weak Lounge" --open --txpower 500
strong=$(ap_bssid strong); weak=$(ap_bssid weak)

# A scan through nl80211 (iw triggers it, the kernel keeps the results for the dump). `iw scan`
# itself can wait forever for the results event, so trigger and poll the dump instead.
seen_both() {
    iw dev $STA_IF scan trigger freq $(ap_freq strong) $(ap_freq weak) > /dev/null 2>&1
    sleep 1
    iw dev $STA_IF scan dump > iw_dump.txt
    grep -q "^BSS $strong" iw_dump.txt && grep -q "^BSS $weak" iw_dump.txt
}
wait_for seen_both 40 || { cat iw_dump.txt; fail "nl80211 scan does not show both APs"; }
iw_signal() {  # BSSID -> integer dBm from iw's scan dump
    awk -v b="$1" '/^BSS / { cur = substr($2, 1, 17) } cur == b && /signal:/ { printf "%d\n", $2; exit }' iw_dump.txt
}
iw_strong=$(iw_signal $strong); iw_weak=$(iw_signal $weak)
log "iw: strong $strong $iw_strong dBm, weak $weak $iw_weak dBm"
[ -n "$iw_strong" ] && [ -n "$iw_weak" ] || { cat iw_dump.txt; fail "iw scan dump misses an AP"; }
expect_lt "$iw_weak" "$iw_strong" "iw: the 500 mBm AP reads weaker"

hotspotd radio scan --interface $STA_IF > scan.txt 2> scan.err; rc=$?
cat scan.txt scan.err
if [ $rc -ne 0 ] && grep -q "unknown verb" scan.err; then
    note "hotspotd has no 'radio scan' yet: checked with iw ($iw_strong dBm > $iw_weak dBm)"
    exit 0
fi
expect_eq "$rc" 0 "hotspotd radio scan exit status"
expect_match "$(head -n1 scan.txt)" "^ssid[[:space:]]+bssid[[:space:]]+freq[[:space:]]+rssi[[:space:]]+signal[[:space:]]+security" "table header"
row() { grep -F "$1" scan.txt | head -n1; }
col() { row "$1" | awk -F '\t' -v c="$2" '{ print $c }'; }
expect_match "$(row $strong)" "Strong Hotel" "strong AP listed with its SSID"
expect_match "$(row $weak)" "Weak Lounge" "weak AP listed with its SSID"
expect_eq "$(col $strong 4)" "$iw_strong" "strong RSSI equals iw's"
expect_eq "$(col $weak 4)" "$iw_weak" "weak RSSI equals iw's"
expect_lt "$(col $weak 4)" "$(col $strong 4)" "hotspotd: weak RSSI below strong"
expect_lt "$(col $weak 5)" "$(col $strong 5)" "hotspotd: weak signal strength below strong"
expect_match "$(row $strong)" "[[:space:]]personal[[:space:]]|[[:space:]]wpa" "strong AP is secured"
expect_match "$(row $weak)" "[[:space:]]open[[:space:]]" "weak AP is open"

hotspotd radio scan --interface $STA_IF --json > scan.json; rc=$?
cat scan.json
expect_eq "$rc" 0 "radio scan --json exit status"
expect_match "$(cat scan.json)" "\"bssid\":\"$weak\",\"freq\":$(ap_freq weak),\"rssi\":$iw_weak,\"signal\":0\\.[0-9]+" "JSON row for the weak AP"
expect_match "$(cat scan.json)" "\"ssid_hex\":\"$(ap_ssid_hex strong)\"" "JSON carries the SSID as hex"
save_artifact hotspotd_radio_scan.txt scan.txt
save_artifact hotspotd_radio_scan.json scan.json

# The associated station: RSSI through nl80211's station info.
sta_start
sta_connect weak
wait_for "iw dev $STA_IF station dump | grep -q 'signal:'" 10
iw dev $STA_IF station dump > station_iw.txt
iw_sta=$(awk '/signal avg:/ { printf "%d\n", $3; exit }' station_iw.txt)
[ -n "$iw_sta" ] || iw_sta=$(awk '/signal:/ { printf "%d\n", $2; exit }' station_iw.txt)
hotspotd radio station --interface $STA_IF > station.txt 2>&1; rc=$?
cat station_iw.txt station.txt
if [ $rc -ne 0 ] && grep -q "unknown verb" station.txt; then
    note "scan checked with hotspotd radio scan; no 'radio station' yet"
    exit 0
fi
expect_eq "$rc" 0 "radio station exit status"
expect_match "$(cat station.txt)" "associated with $weak" "station names the weak AP"
expect_match "$(cat station.txt)" "rssi +$iw_sta dBm" "station RSSI equals iw's ($iw_sta dBm)"
note "hotspotd radio scan: strong $(col $strong 4) dBm ($(col $strong 5)), weak $(col $weak 4) dBm ($(col $weak 5)); station $iw_sta dBm"
