# scan-matches-wpa: `hotspotd radio scan` lists the same BSSes as `wpa_cli scan_results`, each with
# an RSSI within 3 dB of wpa_supplicant's, the SSID bytes intact (as hex) and the right security.
# radio-timeout: 150
# radio-arches: x86_64
# (`hotspotd radio` is in the x86_64 build only: the ARM router builds leave the verbs out for flash.)

ap_start home --ssid "Scan Home" --psk "home-pass-123"
ap_start cafe --ssid "Scan Cafe" --open --txpower 500
ap_start odd --ssid-hex "$(hexof 'Odd "one" \ ')ff01" --psk "odd-pass-1234" --txpower 1000
sta_start
sta_events_start
sta_mark
# Under TCG one scan can miss a beacon; scan again (at most 3 times) until wpa_supplicant has all three.
for try in 1 2 3; do
    sta_scan || fail "wpa_supplicant scan did not finish"
    wpa scan_results | tr -d '\r' > wpa.txt
    missing=0
    for name in home cafe odd; do grep -q "^$(ap_bssid $name)" wpa.txt || missing=1; done
    [ $missing = 0 ] && break
    log "scan $try missed an AP; scanning again"
done
hotspotd radio scan --interface $STA_IF --run-dir /run/hotspotd > scan.txt 2> scan.err; rc=$?
hotspotd radio scan --interface $STA_IF --run-dir /run/hotspotd --json > scan.json 2>&1
cat wpa.txt scan.txt scan.err scan.json
expect_eq "$rc" 0 "radio scan exit status"

wpa_bssids=$(awk -F '\t' 'NR > 1 && $1 ~ /:/ { print $1 }' wpa.txt | sort)
ours=$(awk -F '\t' 'NR > 1 { print $2 }' scan.txt | sort)
[ -n "$wpa_bssids" ] || fail "wpa_supplicant saw no BSS"
expect_eq "$(echo $ours)" "$(echo $wpa_bssids)" "same BSSes as wpa_cli scan_results"

for name in home cafe odd; do
    b=$(ap_bssid $name)
    theirs=$(awk -F '\t' -v b="$b" '$1 == b { print $3 }' wpa.txt)
    mine=$(awk -F '\t' -v b="$b" '$2 == b { print $4 }' scan.txt)
    [ -n "$theirs" ] && [ -n "$mine" ] || fail "$name ($b) missing: wpa '$theirs' hotspotd '$mine'"
    d=$((mine - theirs)); [ $d -lt 0 ] && d=$((-d))
    [ $d -le 3 ] || fail "$name: RSSI $mine dBm vs wpa_supplicant's $theirs dBm"
    log "ok: $name rssi $mine vs $theirs"
    expect_match "$(cat scan.json)" "\"ssid_hex\":\"$(ap_ssid_hex $name)\",\"bssid\":\"$b\"" "$name: exact SSID bytes"
done
expect_match "$(grep -F "$(ap_bssid home)" scan.txt)" "[[:space:]]personal[[:space:]]" "home is personal"
expect_match "$(grep -F "$(ap_bssid cafe)" scan.txt)" "[[:space:]]open[[:space:]]" "cafe is open"
expect_match "$(grep -F "$(ap_bssid odd)" scan.txt)" '"Odd \\"one\\" \\\\ \\xff\\x01"' "odd SSID shown escaped"
# The strongest AP comes first.
expect_eq "$(awk -F '\t' 'NR == 2 { print $2 }' scan.txt)" "$(ap_bssid home)" "strongest first"
note "radio scan = wpa_cli scan_results for $(echo $ours | wc -w) BSSes, RSSI within 3 dB"
