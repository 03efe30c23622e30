# portal-ruckus: a Ruckus SmartZone hotspot (portal_start --ruckus), as Ruckus's documentation describes it,
# through the daemon and its built-in portal helper. The probe is redirected to
# https://portal.radio.test/ruckus/login.html?sip=portal.radio.test&mac=…&client_mac=…&uip=…&url=…&ssid=… (the
# test CA's name, through the AP's DNS); the page's form has no action and uip, client_mac and url empty: its
# script sets https://SIP:9997/SubscriberPortal/hotspotlogin and fills them from the query. → uiRequired with
# username and password → `hotspotd ui submit` → POST over https to portal.radio.test:9997 with the account,
# uip, client_mac and url from the query → 302 to url → authenticated. The controller checks uip and
# client_mac against the client, and takes the login only on 9997 over https (server side).
# radio-timeout: 180
# radio-arches: x86_64

ap_start mall --ssid "Ruckus Mall" --open --portal
portal_start mall --ruckus --record
sta_start
sta_dhcp_on_link
daemon_lobby_helper lobby "Ruckus Mall"
{ daemon_main; daemon_helper_section lobby; daemon_portal_section 'http://198.51.100.7/generate_204'; } | daemon_config
access=$RADIO_RUN/web/access.log
# (Host may or may not name the port; the controller took it on 9997 either way.)
login="https://portal.radio.test(:9997)?/SubscriberPortal/hotspotlogin"

daemon_start "$RADIO_DIR/hotspot.conf"
ta=$(sta_associated_at mall 120) || fail "never associated with Ruckus Mall"
v=$(daemon_outcome "Ruckus Mall" 120) || fail "no verdict on Ruckus Mall"
expect_match "$v" "login needs the owner" "uiRequired from the portal helper"
t1=$(radio_uptime)
sta_ip=$(cat $RADIO_RUN/sta-ip); mac=$(cat /sys/class/net/$STA_IF/address)
expect_match "$(cat $access)" "GET https://portal.radio.test/ruckus/login.html\?sip=portal.radio.test&mac=[0-9a-f:]{17}&client_mac=$mac&uip=$sta_ip&url=http%3A%2F%2F198\.51\.100\.7%2F&ssid=Ruckus%20Mall -> 200" \
    "the page over https, its query as the controller sent it"
expect_match "$(cat $RADIO_RUN/web/dns.log)" "portal.radio.test type 1 -> $RADIO_WEB_IP" "the portal's name resolved by the AP's DNS"
ui=$(daemon_cli ui); printf '%s\n' "$ui"
expect_match "$ui" 'username' "ui shows the user name field"
expect_match "$ui" 'password' "ui shows the password field"
expect_no_match "$(printf '%s\n' "$ui" | grep '^field')" 'uip|client_mac|url' "ui does not ask for the hidden fields"
expect_eq "$(grep -Ec "POST $login" $access)" 0 "nothing POSTed before the owner answered"
daemon_mark
daemon_cli ui submit username=guest 'password=radio 4711'; expect_eq "$?" 0 "ui submit accepted"
v=$(daemon_outcome "Ruckus Mall" 60) || fail "no verdict after ui submit"
expect_match "$v" "authenticated by portal" "authenticated after ui submit"
t2=$(radio_uptime)
expect_eq "$(grep -Ec "POST $login" $access)" 1 "one POST to the hotspot login on 9997"
b=$(portal_sent "POST $login .*-> 302")
[ -n "$b" ] || fail "the POST did not log in"
expect_fields "$b" "login POST" username=guest 'password=radio(\+|%20)4711' "uip=$sta_ip" \
    "client_mac=$(echo "$mac" | sed 's/:/(%3A|:)/g')" 'url=http(%3A|:)(%2F|/)(%2F|/)198\.51\.100\.7(%2F|/)'
expect_eq "$(portal_logins)" 1 "one login"
note "Ruckus SmartZone: associated → owner asked in $(elapsed $ta $t1) s; ui submit → authenticated in $(elapsed $t1 $t2) s"
