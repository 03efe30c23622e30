# portal-click: the built-in portal helper logs the router in by itself. An open lobby network whose only
# other helper (`lobby`) claims it but has no opinion on evaluate; the portal helper's probe is redirected
# to the lobby's login page: a terms checkbox (and a newsletter box), a hidden token and a session cookie
# the page sets. It ticks the terms box (not the newsletter), posts the form with the token and the cookie
# (the portal refuses the login without either), probes again → authenticated by portal; the router's own
# HTTP then reaches the "internet". The probe URL is an IPv4 literal: no DNS is needed on this path.
# radio-timeout: 240
# radio-arches: x86_64 aarch64

ap_start lobby --ssid "Hotel Lobby" --open --portal
portal_start lobby --title "Hotel Lobby Wi-Fi" --token
sta_start
sta_dhcp_on_link
daemon_lobby_helper lobby "Hotel Lobby"
{ daemon_main; daemon_helper_section lobby; daemon_portal_section 'http://198.51.100.7/generate_204'; } | daemon_config
t0=$(radio_uptime)
daemon_start "$RADIO_DIR/hotspot.conf"
v=$(daemon_outcome "Hotel Lobby" 120) || fail "no verdict on the network"
expect_match "$v" "authenticated by portal" "authenticated by the portal helper"
t1=$(radio_uptime)
expect_match "$(http_get http://probe.test/generate_204 | head -n1)" "^HTTP/1\.[01] 204" "online after the helper's login"
access=$(cat $RADIO_RUN/web/access.log)
expect_match "$access" "POST [^ ]*/login \[token accept\] -> 200" "the helper posted the token and the terms box, not the newsletter"
expect_eq "$(portal_logins)" 1 "one login (the portal checked the token and the cookie)"
daemon_cli status > /dev/null; expect_eq "$?" 0 "status: usable"
note "daemon start → authenticated by portal in $(awk "BEGIN { printf \"%.1f\", $t1 - $t0 }") s (scan, join, DHCP, evaluate, click-through with token and cookie)"
