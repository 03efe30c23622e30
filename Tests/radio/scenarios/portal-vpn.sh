# portal-vpn: the router's own traffic goes to a dead VPN: a default route with a lower metric through an
# interface that goes nowhere (a dummy device, radio-vpn), and /etc/resolv.conf names a DNS server behind
# it. The uplink's DHCP lease puts its DNS server where OpenWrt's netifd does
# (/tmp/resolv.conf.d/resolv.conf.auto, which hotspotd reads first) and its default route below the VPN's.
# The portal helper binds its sockets to the uplink and asks the uplink's DNS, so the login with a probe
# URL and a portal by NAME still succeeds, while the router's own HTTP and DNS go nowhere.
# radio-timeout: 240
# radio-arches: x86_64 aarch64

ap_start cafe --ssid "Cafe Corner" --open --portal
portal_start cafe --title "Cafe Corner" --login-url http://portal.radio.test/login --token
vpn_dead
dead_dns=$VPN_DEAD_DNS
sta_start
sta_dhcp_on_link
daemon_lobby_helper lobby "Cafe Corner"
{ daemon_main; daemon_helper_section lobby; daemon_portal_section 'http://probe.radio.test/generate_204'; } | daemon_config
t0=$(radio_uptime)
daemon_start "$RADIO_DIR/hotspot.conf"
v=$(daemon_outcome "Cafe Corner" 120) || fail "no verdict on the network"
t1=$(radio_uptime)
ip route; cat /tmp/resolv.conf.d/resolv.conf.auto
gw=$(ap_ip cafe)
expect_match "$(ip route)" "default via $gw dev $STA_IF .*metric 100" "the uplink's default route is there, below the VPN's"
expect_match "$(ip route get $RADIO_WEB_IP)" "dev radio-vpn" "the router's own traffic goes to the VPN"
expect_match "$(cat /tmp/resolv.conf.d/resolv.conf.auto)" "^nameserver $gw$" "the uplink's DNS in resolv.conf.auto"
expect_eq "$(cat /etc/resolv.conf)" "nameserver $dead_dns" "/etc/resolv.conf names the dead VPN's DNS"
expect "! timeout 3 nc $RADIO_WEB_IP 80 < /dev/null" "the router's own HTTP gets nowhere"
expect_match "$v" "authenticated by portal" "the portal helper logged in all the same"
expect_match "$(cat $RADIO_RUN/web/dns.log)" "probe.radio.test type 1 -> $RADIO_WEB_IP" "the helper asked the uplink's DNS for the probe's name"
expect_match "$(cat $RADIO_RUN/web/access.log)" "POST http://portal.radio.test/login \[token accept\] -> 200" "the helper posted the form"
expect_eq "$(portal_logins)" 1 "one login"
daemon_cli status > /dev/null; expect_eq "$?" 0 "status: usable"
note "dead VPN (default route metric 1, resolv.conf $dead_dns): logged in through the uplink in $(awk "BEGIN { printf \"%.1f\", $t1 - $t0 }") s"
