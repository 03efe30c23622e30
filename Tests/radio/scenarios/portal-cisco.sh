# portal-cisco: Cisco WLC web-auth venues (portal_start --cisco), as Cisco's external web-auth page describes
# them, through the daemon and its built-in portal helper. The probe's redirect goes to the external page
# with switch_url, ap_mac, client_mac, wlan and redirect in its query; the page's form has no action (its
# script sets it from switch_url) and a type=button input whose script sets buttonClicked to 4 and
# redirect_url from the query. "Cisco Lobby" (consent, the stronger AP): hotspotd POSTs the form to switch_url
# with buttonClicked=4, redirect_url = the query's redirect, err_flag=0 → authenticated by portal with no
# owner. Its AP goes silent; "Cisco Hotel" (web-auth): uiRequired with username and password → `hotspotd ui
# submit` → the same POST with the account → authenticated. The WLC logs in only on exactly that (server side).
# radio-timeout: 240
# radio-arches: x86_64 aarch64

ap_start lobby --ssid "Cisco Lobby" --open --portal
portal_start lobby --cisco consent --record
sta_start
sta_dhcp_on_link
daemon_lobby_helper lobby "Cisco Lobby" "Cisco Hotel"
{ daemon_main; daemon_helper_section lobby; daemon_portal_section 'http://198.51.100.7/generate_204'; } | daemon_config
access=$RADIO_RUN/web/access.log
gw1=$(ap_ip lobby)

daemon_start "$RADIO_DIR/hotspot.conf"
ta=$(sta_associated_at lobby 120) || fail "never associated with Cisco Lobby"
v=$(daemon_outcome "Cisco Lobby" 120) || fail "no verdict on Cisco Lobby"
expect_match "$v" "authenticated by portal" "consent: authenticated by the portal helper, no owner"
t1=$(radio_uptime)
expect_match "$(cat $access)" "GET http://$gw1/fs/customwebauth/login.html\?switch_url=http://$gw1/login.html&ap_mac=[0-9a-f:]{17}&client_mac=[0-9a-f:]{17}&wlan=Cisco%20Lobby&redirect=198.51.100.7/ -> 200" \
    "consent: the external page, its query as the WLC sent it"
expect_eq "$(grep -c "POST http://$gw1/login.html " $access)" 1 "consent: one POST to switch_url"
b=$(portal_sent "POST http://$gw1/login.html .*-> 302")
[ -n "$b" ] || fail "consent: no POST to switch_url logged in"
expect_fields "$b" "consent POST" buttonClicked=4 'redirect_url=198\.51\.100\.7(%2F|/)' err_flag=0
expect_no_match "$b" '(^|&)(username|password)=' "consent: no account sent"

# The second venue starts only now: two open APs of equal signal would be chosen between by name.
ap_start hotel --ssid "Cisco Hotel" --open --portal
portal_start hotel --cisco webauth --record
gw2=$(ap_ip hotel)
# The lobby's AP goes silent: the daemon moves to the hotel's web-auth.
daemon_mark
kill -9 "$(cat "$(ap_dir lobby)/pid")"
in_ap ip link set "$(ap_if lobby)" down
tb=$(sta_associated_at hotel 120) || fail "never associated with Cisco Hotel"
v=$(daemon_outcome "Cisco Hotel" 120) || fail "no verdict on Cisco Hotel"
expect_match "$v" "login needs the owner" "web-auth: uiRequired from the portal helper"
t2=$(radio_uptime)
ui=$(daemon_cli ui); printf '%s\n' "$ui"
expect_match "$ui" 'username' "ui shows the user name field"
expect_match "$ui" 'password' "ui shows the password field"
expect_eq "$(portal_logins)" 1 "the hotel: nothing logged in before the owner answered"
daemon_mark
daemon_cli ui submit username=guest 'password=radio 4711'; expect_eq "$?" 0 "ui submit accepted"
v=$(daemon_outcome "Cisco Hotel" 60) || fail "no verdict after ui submit"
expect_match "$v" "authenticated by portal" "web-auth: authenticated after ui submit"
t3=$(radio_uptime)
expect_match "$(cat $access)" "GET http://$gw2/fs/customwebauth/login.html\?switch_url=http://$gw2/login.html&.*&wlan=Cisco%20Hotel&redirect=198.51.100.7/ -> 200" \
    "web-auth: the external page"
expect_eq "$(grep -c "POST http://$gw2/login.html " $access)" 1 "web-auth: one POST to switch_url"
b=$(portal_sent "POST http://$gw2/login.html .*-> 302")
[ -n "$b" ] || fail "web-auth: no POST to switch_url logged in"
expect_fields "$b" "web-auth POST" buttonClicked=4 'redirect_url=198\.51\.100\.7(%2F|/)' err_flag=0 username=guest 'password=radio(\+|%20)4711'
expect_eq "$(portal_logins)" 2 "one login at each WLC"
note "Cisco WLC consent: associated → authenticated in $(elapsed $ta $t1) s; web-auth: associated → owner asked in $(elapsed $tb $t2) s, ui submit → authenticated in $(elapsed $t2 $t3) s"
