# captive-portal: the AP side that later hotspotd scenarios rely on works over the real radio:
# DHCP from the AP, then every HTTP request (any path, any address) is redirected to the portal's
# login page until this client logs in with a POST; /generate_204 answers 204 only after login;
# the login page carries WISPr XML; an AP without a portal is plain "internet"; logout re-captures.
# radio-timeout: 150

ap_start lobby --ssid "Hotel Lobby" --open --portal
portal_start lobby --code 4711 --wispr --title "Hotel Lobby Wi-Fi"
ap_start free --ssid "Free Net" --open --dhcp --txpower 800
gw=$(ap_ip lobby)

sta_start
sta_connect lobby
sta_dhcp
expect_match "$(ip -4 -o addr show $STA_IF)" "10\.42\.$(ap_get lobby n)\.1[0-9][0-9]/24" "DHCP address from the lobby AP"
expect "ping -c 1 -W 3 $gw" "ping the AP across the radio"

r=$(http_get http://probe.test/generate_204); printf '%s\n' "$r"
expect_match "$(echo "$r" | head -n1)" "^HTTP/1\.[01] 302" "probe redirected before login"
expect_match "$r" "^Location: http://$gw/login" "redirect goes to the login page"
r=$(http_get http://203.0.113.7/some/page?x=1); printf '%s\n' "$r" | head -n3
expect_match "$(echo "$r" | head -n1)" " 302 " "any address and path is redirected too"
page=$(http_get http://$gw/login); printf '%s\n' "$page"
expect_match "$page" "<form method=\"post\" action=\"http://$gw/login\">" "login form"
expect_match "$page" "<LoginURL>http://$gw/login</LoginURL>" "WISPr LoginURL"
r=$(http_post http://$gw/login "code=0000&accept=yes"); printf '%s\n' "$r" | head -n1
expect_match "$(echo "$r" | head -n1)" " 403 " "wrong access code refused"
expect_match "$(http_get http://probe.test/generate_204 | head -n1)" " 302 " "still captive after a failed login"
r=$(http_post http://$gw/login "code=4711&accept=yes"); printf '%s\n' "$r"
expect_match "$(echo "$r" | head -n1)" " 200 " "login accepted"
expect_match "$(http_get http://probe.test/generate_204 | head -n1)" "^HTTP/1\.[01] 204" "probe answers 204 after login"
expect_match "$(http_get http://captive.apple.com/hotspot-detect.html)" "<BODY>Success</BODY>" "Apple-style probe says Success"
http_post http://$gw/logout "" > /dev/null
expect_match "$(http_get http://probe.test/generate_204 | head -n1)" " 302 " "captive again after logout"

# The other AP has no portal: the probe succeeds at once.
wpa disconnect > /dev/null
sta_connect free
sta_dhcp
expect_match "$(http_get http://probe.test/generate_204 | head -n1)" " 204 " "no portal on the free AP"
cat $RADIO_RUN/web/access.log
note "portal: 302 -> login -> 403 (bad code) -> 200 -> 204; free AP: 204"
