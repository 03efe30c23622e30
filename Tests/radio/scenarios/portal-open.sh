# portal-open: an open network without a portal. The portal helper's evaluate probes, gets 204 and answers
# confidence none; the claim helper has no opinion either → authenticated with no helper and no login
# (no POST reaches the AP's web server).
# radio-timeout: 180
# radio-arches: x86_64 aarch64

ap_start free --ssid "Free Net" --open --dhcp
sta_start
sta_dhcp_on_link
daemon_helper claim <<'EOS'
case $1 in
    filterScanList)
        tab=$(printf '\t')
        while IFS="$tab" read -r hex bssid rssi signal freq sec ssid; do
            [ "$ssid" = "Free Net" ] && printf 'claim=%s\thigh\n' "$hex"
        done
        echo result=success;;
    evaluate) echo confidence=none; echo result=success;;
    *) echo result=success;;
esac
EOS
{
    daemon_main
    daemon_helper_section claim
    printf "config helper 'portal'\n\toption builtin 'portal'\n\tlist probe_url 'http://198.51.100.7/generate_204'\n"
} | daemon_config
daemon_start "$RADIO_DIR/hotspot.conf"
daemon_wait 'Free Net: authenticated by no helper' 120 || { daemon_log | tail -n 30; fail "not authenticated without a helper"; }
expect_match "$(cat $RADIO_RUN/web/access.log)" "GET .*generate_204 -> 204" "the portal helper probed and found the internet open"
expect "! grep -q POST $RADIO_RUN/web/access.log" "no login was posted"
daemon_cli status > /dev/null; expect_eq "$?" 0 "status: usable"
note "open internet: evaluate none from the portal helper → authenticated with no helper, no login"
