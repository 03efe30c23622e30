# bench-control: figures for the control socket; no time is asserted. The round trip of `hotspotd status`
# against `wpa_cli status` in the same VM, each against its own daemon (both are a process started per
# call, as an owner's shell runs them); then 1,000 status requests from 50 concurrent clients while scans
# run: every one answered with a status (exit 0 or 1), and the daemon's longest busy turn of its loop.
# Each figure also as a `BENCH key value unit` line for Benchmarks/run.
# radio-timeout: 400
# radio-arches: x86_64

ap_start lounge --ssid "Venue Lounge" --psk "lounge-pass-2024" --dhcp
sta_start
sta_dhcp_on_link
daemon_claim_helper lounge "Venue Lounge" lounge-pass-2024
{ daemon_main; daemon_helper_section lounge; } | daemon_config
daemon_start "$RADIO_DIR/hotspot.conf"
daemon_wait 'Venue Lounge: authenticated by lounge' 90 || fail "not authenticated"

# Round trips, 200 each, one after the other.
n=200
t0=$(radio_uptime); i=0; while [ $i -lt $n ]; do daemon_cli status > /dev/null; i=$((i + 1)); done; t1=$(radio_uptime)
i=0; while [ $i -lt $n ]; do wpa status > /dev/null; i=$((i + 1)); done; t2=$(radio_uptime)
hs_ms=$(awk "BEGIN { printf \"%.1f\", ($t1 - $t0) * 1000 / $n }")
wpa_ms=$(awk "BEGIN { printf \"%.1f\", ($t2 - $t1) * 1000 / $n }")
note "round trip (process start included): hotspotd status $hs_ms ms, wpa_cli status $wpa_ms ms, ratio $(awk "BEGIN { printf \"%.2f\", $hs_ms / $wpa_ms }")"
note "BENCH control.hotspotd.status_ms $hs_ms ms"
note "BENCH control.wpa_cli.status_ms $wpa_ms ms"
note "BENCH control.status_ratio $(awk "BEGIN { printf \"%.2f\", $hs_ms / $wpa_ms }") count"

busy_json() { daemon_cli status --json | grep -o '"loop_longest_busy_us": *[0-9]*' | grep -o '[0-9]*$'; }
busy_before=$(busy_json)

# 50 clients × 20 requests while wpa_supplicant scans every half second.
out=$RADIO_DIR/clients; mkdir -p $out
( while [ ! -f $out/done ]; do wpa scan > /dev/null 2>&1; usleep 500000; done ) &
scanner=$!
t0=$(radio_uptime)
c=0
while [ $c -lt 50 ]; do
    ( j=0; while [ $j -lt 20 ]; do daemon_cli status > /dev/null 2>> $out/e$c; echo $?; j=$((j + 1)); done > $out/c$c ) &
    c=$((c + 1))
done
wait_for "[ \$(cat $out/c* | wc -l) -ge 1000 ]" 300 || fail "not every client finished"
t1=$(radio_uptime)
touch $out/done; wait $scanner 2>/dev/null
answered=$(cat $out/c* | grep -c '^[01]$')
cat $out/e* 2>/dev/null | sed 's/[0-9][0-9]*/N/g' | sort | uniq -c | sort -rn | head -n 3 | while read -r l; do note "client error: $l"; done
note "BENCH control.clients.answered $answered count"
note "BENCH control.clients.ms $(awk "BEGIN { printf \"%.0f\", ($t1 - $t0) * 1000 }") ms"
expect_eq "$answered" 1000 "every request answered with a status (exit 0 or 1; other exits: $(cat $out/c* | grep -v '^[01]$' | sort | uniq -c | tr '\n' ' '))"
busy=$(busy_json)
[ -n "$busy" ] || fail "status --json has no loop_longest_busy_us"
note "BENCH control.loop_longest_busy_us $busy us"
note "1,000 status requests from 50 concurrent clients in $(awk "BEGIN { printf \"%.1f\", $t1 - $t0 }") s while scanning: all answered; the daemon's longest busy turn: $busy_before µs before the clients, $busy µs after (a turn the host's CPU took from QEMU counts too)"
