# daemon-wrong-key: a helper claims a WPA2 network with the wrong password: wpa_supplicant reports
# WRONG_KEY, the network backs off (doubling), and there is no endless reconnect loop: count the join
# attempts over 75 s (backed off: 4 joins, at 0, 10, 30 and 70 s; a join every 10 s would make 8).
# radio-timeout: 240
# radio-arches: x86_64

ap_start guarded --ssid "Guarded" --psk "right-password-1"
sta_start
sta_dhcp_on_link
sta_events_start

daemon_helper liar <<'EOS'
case $1 in
    filterScanList)
        tab=$(printf '\t')
        while IFS="$tab" read -r hex bssid rssi signal freq sec ssid; do
            [ "$ssid" = Guarded ] && printf 'claim=%s\thigh\twrong-password-9\n' "$hex"
        done
        echo result=success;;
    *) echo result=success;;
esac
EOS
{ daemon_main backoff_base 10; cat <<EOF_UCI
config helper 'liar'
	option exec '$RADIO_HELPERS/liar'
EOF_UCI
} | daemon_config
daemon_start "$RADIO_DIR/hotspot.conf"
daemon_wait 'Guarded: joining' 60 || fail "the claimed network was never joined"
t0=$(radio_uptime)
daemon_wait 'Guarded: wpa_supplicant: WRONG_KEY' 60 || fail "WRONG_KEY not seen"
usleep 75000000 2>/dev/null || sleep 75
joins=$(daemon_count 'Guarded: joining')
log "over 75 s: $joins joins by hotspotd, $(sta_events | grep -c 'WRONG_KEY') WRONG_KEY events"
expect_lt "$joins" 6 "joins back off (10, 20, 40 s …)"
expect_lt 1 "$joins" "the network is retried after its backoff"
expect_lt "$(sta_events | grep -c 'WRONG_KEY')" 8 "no endless WRONG_KEY loop"
note "$joins joins and $(sta_events | grep -c 'WRONG_KEY') WRONG_KEY events in 75 s (backoff 10 s doubling)"
