# portal-meraki: Cisco Meraki splash venues (portal_start --meraki), as Meraki's splash documentation
# describes them, through the daemon and its built-in portal helper. "Meraki Cafe" (click-through, the
# stronger AP): the redirect carries base_grant_url, user_continue_url and continue_url; the page has no form,
# only a "Continue to the Internet" link (href="#") and the script that builds the grant URL; hotspotd sends
# GET base_grant_url?continue_url=… (no duration) → authenticated with no owner. Its AP goes silent; "Meraki
# Office" (sign-on): the redirect also carries login_url (…/splash/login?mauth=MA1); the page's form has no
# action (its script sets login_url, and success_url to continue_url) → uiRequired with username and password
# → `hotspotd ui submit` → POST to login_url with the account and success_url → authenticated.
# radio-timeout: 240
# radio-arches: x86_64 aarch64

ap_start cafe --ssid "Meraki Cafe" --open --portal
ap_start office --ssid "Meraki Office" --open --portal --txpower 1000
portal_start cafe --meraki click --record
portal_start office --meraki signon --record
sta_start
sta_dhcp_on_link
daemon_lobby_helper lobby "Meraki Cafe" "Meraki Office"
{ daemon_main; daemon_helper_section lobby; daemon_portal_section 'http://198.51.100.7/generate_204'; } | daemon_config
access=$RADIO_RUN/web/access.log
gw1=$(ap_ip cafe); gw2=$(ap_ip office)
cont='http(%3A|:)(%2F|/)(%2F|/)198\.51\.100\.7(%2F|/)'

daemon_start "$RADIO_DIR/hotspot.conf"
ta=$(sta_associated_at cafe 120) || fail "never associated with Meraki Cafe"
v=$(daemon_outcome "Meraki Cafe" 120) || fail "no verdict on Meraki Cafe"
expect_match "$v" "authenticated by portal" "click-through: authenticated by the portal helper, no owner"
t1=$(radio_uptime)
expect_match "$(cat $access)" "GET http://$gw1/splash/\?mac=.*&base_grant_url=http%3A%2F%2F$gw1%2Fsplash%2Fgrant&.* -> 200" "click-through: the splash page"
expect_match "$(cat $access)" "GET http://$gw1/splash/grant\?continue_url=$cont -> 302" \
    "click-through: GET base_grant_url with continue_url only (no duration)"
expect_eq "$(grep -c "GET http://$gw1/splash/grant" $access)" 1 "click-through: one grant request"

# The cafe's AP goes silent: the daemon moves to the office's sign-on splash.
daemon_mark
kill -9 "$(cat "$(ap_dir cafe)/pid")"
in_ap ip link set "$(ap_if cafe)" down
tb=$(sta_associated_at office 120) || fail "never associated with Meraki Office"
v=$(daemon_outcome "Meraki Office" 120) || fail "no verdict on Meraki Office"
expect_match "$v" "login needs the owner" "sign-on: uiRequired from the portal helper"
t2=$(radio_uptime)
ui=$(daemon_cli ui); printf '%s\n' "$ui"
expect_match "$ui" 'username' "ui shows the user name field"
expect_match "$ui" 'password' "ui shows the password field"
expect_no_match "$ui" 'success_url' "ui does not ask for the hidden success_url"
expect_eq "$(portal_logins)" 1 "the office: nothing logged in before the owner answered"
daemon_mark
daemon_cli ui submit username=guest 'password=radio 4711'; expect_eq "$?" 0 "ui submit accepted"
v=$(daemon_outcome "Meraki Office" 60) || fail "no verdict after ui submit"
expect_match "$v" "authenticated by portal" "sign-on: authenticated after ui submit"
t3=$(radio_uptime)
expect_match "$(cat $access)" "GET http://$gw2/splash/\?.*&login_url=http%3A%2F%2F$gw2%2Fsplash%2Flogin%3Fmauth%3DMA1 -> 200" "sign-on: the splash page"
expect_eq "$(grep -c "POST http://$gw2/splash/login" $access)" 1 "sign-on: one POST to login_url"
b=$(portal_sent "POST http://$gw2/splash/login\?mauth=MA1 .*-> 302")
[ -n "$b" ] || fail "sign-on: no POST to login_url (with mauth=MA1) logged in"
expect_fields "$b" "sign-on POST" username=guest 'password=radio(\+|%20)4711' "success_url=$cont"
expect_no_match "$(cat $access)" "GET http://$gw2/splash/grant" "sign-on: no grant request"
expect_eq "$(portal_logins)" 2 "one login at each splash"
note "Meraki click-through: associated → authenticated in $(elapsed $ta $t1) s; sign-on: associated → owner asked in $(elapsed $tb $t2) s, ui submit → authenticated in $(elapsed $t2 $t3) s"
