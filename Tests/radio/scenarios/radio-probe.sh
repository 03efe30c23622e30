# radio-probe: `hotspotd radio probe` finds the client radio through real nl80211, with the ifindex,
# type, wiphy and MAC address that the kernel (sysfs, iw) reports; the AP radios in the other
# network namespace are not listed; an unknown interface is an error.
# radio-timeout: 60
# radio-arches: x86_64
# (`hotspotd radio` is in the x86_64 build only: the ARM router builds leave the verbs out for flash.)

ifindex=$(cat /sys/class/net/$STA_IF/ifindex)
mac=$(cat /sys/class/net/$STA_IF/address)
phy=$(iw dev $STA_IF info | awk '/wiphy/ { print $2 }')
log "kernel: $STA_IF ifindex $ifindex phy$phy $mac"
iw dev

out=$(hotspotd radio probe --interface $STA_IF 2>&1); rc=$?
printf '%s\n' "$out"
expect_eq "$rc" 0 "radio probe --interface $STA_IF exit status"
line=$(printf '%s\n' "$out" | grep "^$STA_IF[[:space:]]")
expect_match "$line" "^$STA_IF[[:space:]]+ifindex $ifindex[[:space:]]+station[[:space:]]+phy$phy[[:space:]]+$mac\$" \
    "probe line has ifindex $ifindex, station, phy$phy, $mac"

json=$(hotspotd radio probe --interface $STA_IF --json 2>&1); rc=$?
printf '%s\n' "$json"
expect_eq "$rc" 0 "radio probe --json exit status"
expect_match "$json" "\"name\":\"$STA_IF\",\"ifindex\":$ifindex,\"iftype\":\"station\",\"phy\":$phy,\"mac\":\"$mac\"" \
    "JSON has the same facts"

all=$(hotspotd radio probe 2>&1); rc=$?
printf '%s\n' "$all"
expect_eq "$rc" 0 "radio probe (all interfaces) exit status"
expect_eq "$(printf '%s\n' "$all" | grep -c '^wlan')" 1 "only the client radio is in this namespace"

hotspotd radio probe --interface nosuch0 > nosuch.out 2>&1; rc=$?
cat nosuch.out
expect_eq "$rc" 1 "unknown interface exits 1"

# The same facts from inside the AP namespace: five radios in AP mode once hostapd runs there.
ap_start one --ssid "Probe AP" --open
aps=$(in_ap hotspotd radio probe 2>&1)
printf '%s\n' "$aps"
expect_match "$aps" "$(ap_if one)[[:space:]]+ifindex [0-9]+[[:space:]]+ap[[:space:]]" "the hostapd radio reads as ap"
save_artifact radio_probe.txt <<OUT
\$ hotspotd radio probe --interface $STA_IF
$out
\$ hotspotd radio probe --interface $STA_IF --json
$json
OUT
note "$line"
