# daemon-failure: a helper's failure disables auto-join of the network and the next best one is joined;
# a temporaryFailure leaves the network for a backoff and it is tried again after it; a helper that hangs
# is killed at command_timeout with its children.
# radio-timeout: 300
# radio-arches: x86_64 aarch64

ap_start metro --ssid "Metro WiFi" --open --dhcp
ap_start backup --ssid "Backup Net" --open --dhcp --txpower 1000
sta_start
sta_dhcp_on_link
calls=/tmp/calls; mkdir -p $calls; chmod 1777 $calls

daemon_helper judge <<'EOS'
echo "$1 ssid=$HOTSPOT_SSID" >> /tmp/calls/judge
case $1 in
    filterScanList)
        tab=$(printf '\t')
        while IFS="$tab" read -r hex bssid rssi signal freq sec ssid; do
            case $ssid in "Metro WiFi"|"Backup Net") printf 'claim=%s\thigh\n' "$hex";; esac
        done
        echo result=success;;
    evaluate) echo result=success; echo confidence=high;;
    authenticate)
        case $HOTSPOT_SSID in
            "Metro WiFi") echo result=failure;;
            *)  # the first login to Backup Net fails for now, the next works
                if [ -f /tmp/calls/backup-tried ]; then echo result=success
                else : > /tmp/calls/backup-tried; echo result=temporaryFailure; fi;;
        esac;;
    *) echo result=success;;
esac
EOS
daemon_helper sleeper <<'EOS'
echo "$1 $$" >> /tmp/calls/sleeper
case $1 in
    filterScanList)
        # Hangs (with a child) until the scenario says enough (filterScanList can write nothing itself).
        if [ ! -f /tmp/calls/slept ]; then sleep 600 & sleep 600; fi
        echo result=success;;
    *) echo result=success;;
esac
EOS
{ daemon_main backoff_base 15 command_timeout 8; cat <<EOF_UCI
config helper 'judge'
	option exec '$RADIO_HELPERS/judge'
config helper 'sleeper'
	option exec '$RADIO_HELPERS/sleeper'
	list command 'filterScanList'
EOF_UCI
} | daemon_config
daemon_start "$RADIO_DIR/hotspot.conf"
daemon_wait 'filterScanList failed: sleeper: timed out' 60 || fail "the hanging helper was not stopped"
: > $calls/slept

daemon_wait 'Metro WiFi: auto-join disabled' 90 || fail "failure did not disable Metro WiFi"
daemon_wait 'Backup Net: left: judge: authenticate: temporaryFailure; retry in' 60 || fail "no temporaryFailure backoff"
t0=$(radio_uptime)
daemon_wait 'Backup Net: authenticated by judge' 90 || fail "Backup Net not retried after the backoff"
t1=$(radio_uptime)
expect_lt 12 "$(awk -v a=$t0 -v b=$t1 'BEGIN { print b - a }')" "retry waited for the backoff"
expect_eq "$(grep -c '^authenticate ssid=Metro WiFi' $calls/judge)" 1 "disabled network not joined again"
expect_eq "$(wpa status | sed -n 's/^ssid=//p')" "Backup Net" "on the next best network"

# The hanging helper: killed at 8 s, children too, and logged.
expect "daemon_log | grep -q 'filterScanList failed: sleeper: timed out'" "hanging helper timed out"
expect "[ -z \"\$(ps | grep 'sleep 60[0]')\" ]" "no sleep 600 left behind"
note "failure → disabled, next best joined; temporaryFailure → retried after $(awk -v a=$t0 -v b=$t1 'BEGIN { print int(b - a) }') s; hang killed"
