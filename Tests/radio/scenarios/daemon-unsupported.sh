# daemon-unsupported: `first` evaluates high but answers authenticate with unsupportedNetwork; it is
# excluded for this network, `second` (low) is evaluated and authenticates; `first` is not asked again.
# radio-timeout: 180
# radio-arches: x86_64 aarch64

ap_start airport --ssid "Airport Free" --open --dhcp
sta_start
sta_dhcp_on_link
calls=$RADIO_HELPER_STATE

daemon_helper first <<'EOS'
[ -z "$HOTSPOT_STATE_DIR" ] || echo "$1" >> "$HOTSPOT_STATE_DIR/calls"
case $1 in
    evaluate) echo result=success; echo confidence=high;;
    authenticate) echo result=unsupportedNetwork;;
    *) echo result=success;;
esac
EOS
daemon_helper second <<'EOS'
[ -z "$HOTSPOT_STATE_DIR" ] || echo "$1" >> "$HOTSPOT_STATE_DIR/calls"
case $1 in
    filterScanList)
        tab=$(printf '\t')
        while IFS="$tab" read -r hex rest; do printf 'claim=%s\tlow\n' "$hex"; done
        echo result=success;;
    evaluate) echo result=success; echo confidence=low;;
    *) echo result=success;;
esac
EOS
{ daemon_main; cat <<EOF_UCI
config helper 'first'
	option exec '$RADIO_HELPERS/first'
config helper 'second'
	option exec '$RADIO_HELPERS/second'
EOF_UCI
} | daemon_config
daemon_start "$RADIO_DIR/hotspot.conf"

daemon_wait 'Airport Free: authenticated by second' 90 || fail "not authenticated by second"
expect "daemon_log | grep -q 'evaluating again without unsupporting helper first'" "first excluded"
expect_eq "$(grep -c '^evaluate' $calls/first/calls)" 1 "first evaluated once"
expect_eq "$(grep -c '^authenticate' $calls/first/calls)" 1 "first asked to authenticate once"
expect "[ $(grep -c "^evaluate" $calls/second/calls) -ge 1 ]" "second evaluated"
expect "grep -q '^authenticate' $calls/second/calls" "second authenticated"
note "unsupportedNetwork excluded the first helper; the second logged in"
