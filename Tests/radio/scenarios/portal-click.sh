# portal-click: the built-in portal helper logs the router in by itself. An open lobby network whose only
# helper (`claim`) knows it but has no opinion on evaluate; the portal helper's probe is redirected to the
# lobby's login page (a terms checkbox), it ticks the box, posts the form and probes again → authenticated
# by portal; the router's own HTTP then reaches the "internet". The probe URL is an IPv4 literal because
# the VM runs no DNS server (the AP side answers every address).
# radio-timeout: 240
# radio-arches: x86_64 aarch64

ap_start lobby --ssid "Hotel Lobby" --open --portal
portal_start lobby --title "Hotel Lobby Wi-Fi"
sta_start
sta_dhcp_on_link
daemon_helper claim <<'EOS'
case $1 in
    filterScanList)
        tab=$(printf '\t')
        while IFS="$tab" read -r hex bssid rssi signal freq sec ssid; do
            [ "$ssid" = "Hotel Lobby" ] && printf 'claim=%s\thigh\n' "$hex"
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
t0=$(radio_uptime)
daemon_start "$RADIO_DIR/hotspot.conf"
daemon_wait 'Hotel Lobby: authenticated by portal' 120 || { daemon_log | tail -n 30; fail "not authenticated by the portal helper"; }
t1=$(radio_uptime)
expect_match "$(http_get http://probe.test/generate_204 | head -n1)" "^HTTP/1\.[01] 204" "online after the helper's login"
expect_match "$(cat $RADIO_RUN/web/access.log)" "POST .*/login -> 200" "the helper posted the login form"
daemon_cli status > /dev/null; expect_eq "$?" 0 "status: usable"
note "daemon start → authenticated by portal in $(awk "BEGIN { printf \"%.1f\", $t1 - $t0 }") s (scan, join, DHCP, evaluate, click-through)"
