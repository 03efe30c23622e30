# helper-fetch-vpn: an external helper (a shell script, as owners write them) logs in to a portal with
# `$HOTSPOT_FETCH` (hotspotd fetch) while the router's own default route and /etc/resolv.conf point into a
# dead VPN (the set-up of portal-vpn). The script's requests leave through the uplink and its names go to
# the uplink's DNS server, so the login works where curl or wget would have gone into the tunnel. Before it,
# the script's own protocols go the same way: a TCP stream (`$HOTSPOT_CONNECT`) and a UDP datagram (`$HOTSPOT_UDP`).
# radio-timeout: 240
# radio-arches: x86_64

ap_start cafe --ssid "Cafe Corner" --open --portal
portal_start cafe --title "Cafe Corner" --login-url http://portal.radio.test/login --token
vpn_dead
sta_start
sta_dhcp_on_link
hex=$(hexof "Cafe Corner")
daemon_helper cafe <<EOS
case \$1 in
    filterScanList)
        tab=\$(printf '\t')
        while IFS="\$tab" read -r hex rest; do
            [ "\$(printf '%s' "\$hex" | tr A-F a-f)" = "$hex" ] && printf 'claim=%s\thigh\n' "\$hex"
        done
        echo result=success;;
    evaluate) echo confidence=high; echo result=success;;
    authenticate)
        echo "HOTSPOT_FETCH=\$HOTSPOT_FETCH" > /tmp/cafe-fetch
        # A helper's own protocols past the VPN: a TCP stream, and one DNS datagram to the venue's server.
        printf 'GET /generate_204 HTTP/1.0\r\nHost: probe.radio.test\r\n\r\n' | \$HOTSPOT_CONNECT probe.radio.test 80 > /tmp/cafe-connect
        printf '\102\102\001\000\000\001\000\000\000\000\000\000\006portal\005radio\004test\000\000\001\000\001' |
            \$HOTSPOT_UDP \${HOTSPOT_DNS%% *} 53 > /tmp/cafe-udp
        jar=\$HOTSPOT_STATE_DIR/cookies
        page=\$(\$HOTSPOT_FETCH --cookies "\$jar" http://probe.radio.test/generate_204) || exit 75
        token=\$(printf '%s\n' "\$page" | sed -n 's/.*name="token" value="\([^"]*\)".*/\1/p')
        [ -n "\$token" ] || { echo "no token on the page" >&2; echo result=failure; exit 0; }
        \$HOTSPOT_FETCH --cookies "\$jar" --data "token=\$token&accept=yes" http://portal.radio.test/login > /dev/null || exit 75
        case "\$(\$HOTSPOT_FETCH --head http://probe.radio.test/generate_204)" in
            "HTTP/1.1 204 "*) echo result=success;;
            *) echo result=failure;;
        esac;;
    *) echo result=success;;
esac
EOS
{ daemon_main; daemon_helper_section cafe; } | daemon_config
t0=$(radio_uptime)
daemon_start "$RADIO_DIR/hotspot.conf"
v=$(daemon_outcome "Cafe Corner" 120) || fail "no verdict on the network"
t1=$(radio_uptime)
expect_match "$(ip route get $RADIO_WEB_IP)" "dev radio-vpn" "the router's own traffic goes to the VPN"
expect "! timeout 3 nc $RADIO_WEB_IP 80 < /dev/null" "the router's own HTTP gets nowhere"
expect_match "$(cat /tmp/cafe-fetch)" "^HOTSPOT_FETCH=/[^ ]*hotspotd fetch$" "the helper was told how to fetch"
expect_match "$(head -n 1 /tmp/cafe-connect)" "^HTTP/1.[01] 30[12378] " "hotspotd connect: the probe's request and the portal's redirect, through the uplink"
expect_eq "$(tail -c 4 /tmp/cafe-udp | od -An -tu1 | tr -s ' ' '.' | sed 's/^\.//; s/\.$//')" "$RADIO_WEB_IP" "hotspotd udp: the venue's DNS answered the datagram with the portal's address"
expect_match "$v" "authenticated by cafe" "the script logged in through hotspotd fetch"
expect_match "$(cat $RADIO_RUN/web/dns.log)" "portal.radio.test type 1 -> $RADIO_WEB_IP" "its names went to the uplink's DNS"
expect_match "$(cat $RADIO_RUN/web/access.log)" "POST http://portal.radio.test/login \[token accept\] -> 200" "its form with the cookie's token"
expect_eq "$(portal_logins)" 1 "one login"
daemon_cli status > /dev/null; expect_eq "$?" 0 "status: usable"
note "a script's login through hotspotd fetch past a dead VPN in $(awk "BEGIN { printf \"%.1f\", $t1 - $t0 }") s"
