# daemon-helper-join: `hotspotd run` joins a WPA2 network whose password only an external helper knows.
# filterScanList claims it with the password → the daemon joins → DHCP → evaluate: `fast` answers high at
# once, `slow` would take 60 s and is abandoned → authenticate by `fast` → authenticated; maintain at a
# short interval succeeds; after the AP drops the router, the re-join goes straight to maintain with
# HOTSPOT_DID_JUST_JOIN=1. wpa_supplicant holds exactly one network block all along.
# radio-timeout: 240
# radio-arches: x86_64 aarch64 armv7

ap_start lounge --ssid "Venue Lounge" --psk "lounge-pass-2024" --dhcp
sta_start
sta_dhcp_on_link
calls=$RADIO_HELPER_STATE
# The helper (uid 65534) marks the kernel's log when evaluate reaches it: the time from the address to
# the evaluate command, measured by the kernel's clock.
chmod 666 /dev/kmsg
dmesg -c >/dev/null  # earlier scenarios' marks (one boot runs them all)

daemon_helper fast <<'EOS'
[ -z "$HOTSPOT_STATE_DIR" ] || echo "$1 just=$HOTSPOT_DID_JUST_JOIN chosen=$HOTSPOT_IS_CHOSEN_HELPER addr=$HOTSPOT_ADDRESS ssid=$HOTSPOT_SSID" \
    >> "$HOTSPOT_STATE_DIR/calls"
case $1 in
    filterScanList)
        tab=$(printf '\t')
        while IFS="$tab" read -r hex bssid rssi signal freq sec ssid; do
            [ "$ssid" = "Venue Lounge" ] && printf 'claim=%s\thigh\tlounge-pass-2024\n' "$hex"
        done
        echo result=success;;
    evaluate) echo "radio-mark evaluate" > /dev/kmsg; echo result=success; echo confidence=high;;
    *) echo result=success;;
esac
EOS
daemon_helper slow <<'EOS'
case $1 in
    evaluate) sleep 60; echo result=success; echo confidence=low;;
    *) echo result=success;;
esac
EOS
{ daemon_main maintain_interval 12; cat <<EOF_UCI
config helper 'fast'
	option exec '$RADIO_HELPERS/fast'
config helper 'slow'
	option exec '$RADIO_HELPERS/slow'
EOF_UCI
} | daemon_config
daemon_start "$RADIO_DIR/hotspot.conf"

daemon_wait 'Venue Lounge: authenticated by fast' 90 || fail "not authenticated by fast"
# slow may be killed before its shell writes a line: the daemon's log says what it was sent.
expect "daemon_log | grep -q 'helper slow: evaluate Venue Lounge'" "slow was asked to evaluate"
expect "daemon_log | grep -q 'helper slow: evaluate abandoned'" "slow's evaluate abandoned when high won"
expect "grep -q '^evaluate just=1 chosen=0 addr=10.42.1.1[0-9][0-9] ssid=Venue Lounge' $calls/fast/calls" "evaluate after DHCP, didJustJoin"
expect "grep -q '^authenticate just=1 chosen=1' $calls/fast/calls" "authenticate to the chosen helper"
expect_eq "$(sta_state)" COMPLETED "associated"
expect_eq "$(wpa list_networks | tail -n +2 | wc -l)" 1 "one network block"

# maintain every 12 s while authenticated, without a re-join.
wait_for "grep -q '^maintain just=0 chosen=1' $calls/fast/calls" 40 || fail "no maintain while authenticated"
daemon_wait 'maintain' 5 >/dev/null

# The AP drops the router: wpa_supplicant re-associates, DHCP again, and the cached helper gets maintain
# with didJustJoin set (no new evaluate).
evaluates=$(grep -c '^evaluate' $calls/fast/calls)
daemon_mark
in_ap hostapd_cli -p $HOSTAPD_CTRL -i "$(ap_if lounge)" deauthenticate "$(cat /sys/class/net/$STA_IF/address)" >/dev/null
daemon_wait 'Venue Lounge: lost' 20 || fail "loss of the link not noticed"
wait_for "grep -q '^maintain just=1 chosen=1' $calls/fast/calls" 60 || fail "no maintain with didJustJoin after the re-join"
daemon_wait 'Venue Lounge: authenticated by fast' 20 || fail "not authenticated again"
expect_eq "$(grep -c '^evaluate' $calls/fast/calls)" "$evaluates" "no new evaluate for a cached network"
expect_eq "$(wpa list_networks | tail -n +2 | wc -l)" 1 "still one network block"
# First join: CONNECTED → address (DHCP, not ours) → evaluate started (hotspotd: netlink event, core,
# fork and exec of the helper, its shell up to the echo).
mark() { dmesg | sed -n "s/^\[ *\([0-9.]*\)\] radio-mark $1.*/\1/p" | head -n 1; }
# hotspotd waits for the default route after the address (helpers want the gateway), up to 2 s.
t_conn=$(mark connected); t_addr=$(mark address); t_route=$(mark route); t_eval=$(mark evaluate)
ms() { awk "BEGIN { printf \"%.1f\", ($2 - $1) * 1000 }"; }
if [ -n "$t_conn" ] && [ -n "$t_addr" ] && [ -n "$t_route" ] && [ -n "$t_eval" ]; then
    note "first join: CONNECTED → address $(ms "$t_conn" "$t_addr") ms (DHCP); address → route $(ms "$t_addr" "$t_route") ms (DHCP client); route → evaluate at the helper $(ms "$t_route" "$t_eval") ms (hotspotd); address → evaluate $(ms "$t_addr" "$t_eval") ms"
    note "BENCH join.route_to_evaluate_ms $(ms "$t_route" "$t_eval") ms"
else
    fail "kernel log marks missing (connected '$t_conn', address '$t_addr', route '$t_route', evaluate '$t_eval')"
fi
hwm() { sed -n 's/^VmHWM: *//p' /proc/$1/status | tr -d ' '; }
note "peak RSS (VmHWM): hotspotd $(hwm "$(daemon_pid)"), wpa_supplicant $(hwm "$(cat $RADIO_RUN/wpa_supplicant.pid)"), hostapd $(hwm "$(cat "$(ap_dir lounge)/pid")")"
# The same for Benchmarks/run, digits only (VmHWM's line is "VmHWM:<tab> 932 kB").
note "BENCH memory.hotspotd.peak_kB $(hwm "$(daemon_pid)" | tr -dc 0-9) kB"
note "BENCH memory.wpa_supplicant.peak_kB $(hwm "$(cat $RADIO_RUN/wpa_supplicant.pid)" | tr -dc 0-9) kB"
note "BENCH memory.hostapd.peak_kB $(hwm "$(cat "$(ap_dir lounge)/pid")" | tr -dc 0-9) kB"
note "joined by the helper's password, evaluate high won over a slow low, maintain, re-join → maintain(didJustJoin)"
