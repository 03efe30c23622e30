# daemon-kill-resume: hotspotd is killed with SIGKILL while its helper authenticates; started again, it
# picks up the association as it is, authenticates, and wpa_supplicant still holds exactly one network
# block (the one hotspotd made, reused). The state file survives too.
# radio-timeout: 240
# radio-arches: x86_64 aarch64 armv7

ap_start inn --ssid "Station Inn" --psk "inn-password-77" --dhcp
sta_start
sta_dhcp_on_link
calls=/tmp/calls; mkdir -p $calls; chmod 1777 $calls

daemon_helper innkeeper <<'EOS'
echo "$1 just=$HOTSPOT_DID_JUST_JOIN" >> /tmp/calls/innkeeper
case $1 in
    filterScanList)
        tab=$(printf '\t')
        while IFS="$tab" read -r hex bssid rssi signal freq sec ssid; do
            [ "$ssid" = "Station Inn" ] && printf 'claim=%s\thigh\tinn-password-77\n' "$hex"
        done
        echo result=success;;
    evaluate) echo result=success; echo confidence=high;;
    authenticate)
        # The first login takes long: the daemon is killed meanwhile.
        if [ ! -f /tmp/calls/slow-once ]; then : > /tmp/calls/slow-once; sleep 30; fi
        echo result=success;;
    *) echo result=success;;
esac
EOS
{ daemon_main; cat <<EOF_UCI
config helper 'innkeeper'
	option exec '$RADIO_HELPERS/innkeeper'
EOF_UCI
} | daemon_config
daemon_start "$RADIO_DIR/hotspot.conf"
wait_for "grep -q '^authenticate' $calls/innkeeper" 90 || fail "authenticate never started"
expect_eq "$(wpa list_networks | tail -n +2 | wc -l)" 1 "one network block before the kill"
daemon_stop KILL
log "hotspotd killed during authenticate"
pkill -f 'sleep 30' 2>/dev/null
expect_eq "$(sta_state)" COMPLETED "the association outlives the daemon"

daemon_mark
daemon_start "$RADIO_DIR/hotspot.conf"
daemon_wait 'Station Inn: authenticated by innkeeper' 90 || fail "not resumed after the restart"
expect_eq "$(grep -c '^authenticate' $calls/innkeeper)" 2 "authenticate ran again"
expect_eq "$(wpa list_networks | tail -n +2 | wc -l)" 1 "no duplicate network block"
expect "grep -q '^cache ' $RADIO_DIR/hotspotd.state" "helper cached in the state file"
expect_eq "$(stat -c %a $RADIO_DIR/hotspotd.state)" 600 "state file mode"
note "killed mid-authenticate, resumed: authenticated, one network block, state kept"
