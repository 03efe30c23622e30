# wpa-restart: the control client rides out wpa_supplicant dying: killed with SIGKILL (stale socket
# left behind) and stopped cleanly (CTRL-EVENT-TERMINATING); each time it reconnects by itself,
# re-ATTACHes and gets events again. Stale client sockets of a killed hotspotd are cleaned up.
# radio-timeout: 150
# radio-arches: x86_64
# (`hotspotd radio` is in the x86_64 build only: the ARM router builds leave the verbs out for flash.)

ap_start cafe --ssid "Restart Cafe" --open
sta_start
mkdir -p /run/hotspotd
hotspotd radio monitor --interface $STA_IF --run-dir /run/hotspotd --seconds 60 > monitor.txt 2>&1 &
mon=$!
wait_for "grep -q 'attached to' monitor.txt" 10 || { cat monitor.txt; fail "monitor never attached"; }

# 1. SIGKILL: no TERMINATING event; the PING keepalive notices, reconnects once wpa_supplicant is back.
kill -9 $(cat $RADIO_RUN/wpa_supplicant.pid)
wait_for "grep -q 'detached: ' monitor.txt" 15 || { cat monitor.txt; fail "loss of wpa_supplicant not noticed"; }
usleep 1500000
rm -f $RADIO_RUN/wpa_supplicant.pid
sta_start
wait_for "grep -q 'attached again' monitor.txt" 15 || { cat monitor.txt; fail "no reconnect after SIGKILL"; }
wpa scan > /dev/null
wait_for "grep -q 'event scan-results' monitor.txt" 30 || { cat monitor.txt; fail "no events after reconnect"; }

# 2. A clean stop: TERMINATING arrives, then the client retries until wpa_supplicant is back.
wpa terminate > /dev/null
wait_for "grep -q 'terminating' monitor.txt" 10 || { cat monitor.txt; fail "TERMINATING not seen"; }
usleep 1000000
sta_start
wait_for "[ \$(grep -c '] attached' monitor.txt) -ge 3 ]" 15 || { cat monitor.txt; fail "no reconnect after terminate"; }
cat monitor.txt

# 3. Killing the client leaves its sockets behind; the next hotspotd removes them.
kill -9 $mon
# Counted by the monitor's pid: earlier scenarios' processes are not this check's business.
left=$(ls /run/hotspotd | grep -c "^wpa_ctrl_$mon-")
log "sockets left by the killed monitor: $left"
[ "$left" -ge 1 ] || fail "expected stale client sockets after SIGKILL"
hotspotd radio scan --interface $STA_IF --run-dir /run/hotspotd > /dev/null 2>&1
expect_eq "$(ls /run/hotspotd | grep -c "^wpa_ctrl_$mon-")" 0 "stale client sockets removed"
log "client sockets of other processes: $(ls /run/hotspotd | grep '^wpa_ctrl_' | tr '\n' ' ')"
note "reconnected after SIGKILL and after TERMINATING; $(grep -c '] attached' monitor.txt) attaches"
