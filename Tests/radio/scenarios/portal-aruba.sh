# portal-aruba: an Aruba (controller / Instant) captive portal (portal_start --aruba), as Aruba's
# documentation describes it, through the daemon and its built-in portal helper. The probe is redirected to
# http://GW/cgi-bin/login?cmd=login&mac=…&ip=…&essid=Aruba%20Cafe&apname=…&apgroup=…&url=…; the page's form
# (post /cgi-bin/login) has user and password only: the product's script adds cmd and url. → uiRequired with
# user and password → `hotspotd ui submit` → POST /cgi-bin/login with user, password, cmd=authenticate and url
# (the query's, decoded) → 302 to url → authenticated. The controller refuses without cmd=authenticate.
# radio-timeout: 180
# radio-arches: x86_64

ap_start cafe --ssid "Aruba Cafe" --open --portal
portal_start cafe --aruba --record
sta_start
sta_dhcp_on_link
daemon_lobby_helper lobby "Aruba Cafe"
{ daemon_main; daemon_helper_section lobby; daemon_portal_section 'http://198.51.100.7/generate_204'; } | daemon_config
access=$RADIO_RUN/web/access.log
gw=$(ap_ip cafe)

daemon_start "$RADIO_DIR/hotspot.conf"
ta=$(sta_associated_at cafe 120) || fail "never associated with Aruba Cafe"
v=$(daemon_outcome "Aruba Cafe" 120) || fail "no verdict on Aruba Cafe"
expect_match "$v" "login needs the owner" "uiRequired from the portal helper"
t1=$(radio_uptime)
expect_match "$(cat $access)" "GET http://$gw/cgi-bin/login\?cmd=login&mac=[0-9a-f:]{17}&ip=10\.42\.[0-9.]+&essid=Aruba%20Cafe&apname=[^&]+&apgroup=[^&]+&url=http%3A%2F%2F198\.51\.100\.7%2F -> 200" \
    "the login page, its query as the controller sent it"
ui=$(daemon_cli ui); printf '%s\n' "$ui"
expect_match "$ui" 'user' "ui shows the user field"
expect_match "$ui" 'password' "ui shows the password field"
expect_eq "$(grep -c "POST http://$gw/cgi-bin/login" $access)" 0 "nothing POSTed before the owner answered"
daemon_mark
daemon_cli ui submit user=guest 'password=radio 4711'; expect_eq "$?" 0 "ui submit accepted"
v=$(daemon_outcome "Aruba Cafe" 60) || fail "no verdict after ui submit"
expect_match "$v" "authenticated by portal" "authenticated after ui submit"
t2=$(radio_uptime)
expect_eq "$(grep -c "POST http://$gw/cgi-bin/login" $access)" 1 "one POST"
b=$(portal_sent "POST http://$gw/cgi-bin/login .*-> 302")
[ -n "$b" ] || fail "the POST did not log in"
expect_fields "$b" "login POST" user=guest 'password=radio(\+|%20)4711' cmd=authenticate 'url=http(%3A|:)(%2F|/)(%2F|/)198\.51\.100\.7(%2F|/)'
expect_eq "$(portal_logins)" 1 "one login"
note "Aruba: associated → owner asked in $(elapsed $ta $t1) s; ui submit → authenticated in $(elapsed $t1 $t2) s"
