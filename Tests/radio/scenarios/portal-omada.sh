# portal-omada: a TP-Link Omada portal of vouchers (portal_start --omada voucher), as Omada's portal page
# script logs in, through the daemon and its built-in portal helper. The redirect goes to the controller's
# port 8088 (/portal?clientMac&apMac&ssidName&radioId&originUrl); the page is a script app. hotspotd asks
# POST /portal/getPortalPageSetting with the client's identity (authType 3: a voucher), asks the owner for the
# voucher, then POSTs /portal/auth as application/json: authType 3, voucherCode, the identity and originUrl.
# The owner's first voucher is wrong ({"errorCode":-41502}): asked again in the words Omada's page shows for
# that code ("Voucher code is incorrect."); the right one → authenticated. The controller checks the JSON.
# radio-timeout: 180
# radio-arches: x86_64

ap_start hotel --ssid "Omada Hotel" --open --portal
portal_start hotel --omada voucher --record
sta_start
sta_dhcp_on_link
daemon_lobby_helper lobby "Omada Hotel"
{ daemon_main; daemon_helper_section lobby; daemon_portal_section 'http://198.51.100.7/generate_204'; } | daemon_config
access=$RADIO_RUN/web/access.log
gw=$(ap_ip hotel)
auths() { grep -c "POST http://$gw:8088/portal/auth " $access; }

daemon_start "$RADIO_DIR/hotspot.conf"
ta=$(sta_associated_at hotel 120) || fail "never associated with Omada Hotel"
v=$(daemon_outcome "Omada Hotel" 120) || fail "no verdict on Omada Hotel"
expect_match "$v" "login needs the owner" "uiRequired from the portal helper"
t1=$(radio_uptime)
expect_match "$(cat $access)" "GET http://$gw:8088/portal\?clientMac=[0-9a-f:]{17}&apMac=.*&ssidName=Omada%20Hotel&radioId=0&originUrl=.* -> 200" \
    "the controller's portal page on port 8088"
expect_match "$(cat $access)" "POST http://$gw:8088/portal/getPortalPageSetting .*-> 200" "the portal's authType asked for"
ui=$(daemon_cli ui); printf '%s\n' "$ui"
expect_match "$ui" 'voucher' "ui asks for the voucher"
expect_eq "$(auths)" 0 "nothing sent to /portal/auth before the owner answered"
daemon_mark
daemon_cli ui submit voucher=12345-67891; expect_eq "$?" 0 "the wrong voucher accepted for sending"
daemon_wait 'Omada Hotel: the portal refused the answers' 60 || fail "the refusal did not reach the daemon"
expect_eq "$(auths)" 1 "one POST of the wrong voucher"
ui=$(daemon_cli ui); printf '%s\n' "$ui"
expect_match "$ui" 'Voucher code is incorrect' "ui shows Omada's words for the refusal"
daemon_mark
daemon_cli ui submit voucher=12345-67890; expect_eq "$?" 0 "the right voucher accepted for sending"
v=$(daemon_outcome "Omada Hotel" 60) || fail "no verdict after the right voucher"
expect_match "$v" "authenticated by portal" "authenticated with the right voucher"
t2=$(radio_uptime)
expect_eq "$(auths)" 2 "one POST per voucher"
mac=$(cat /sys/class/net/$STA_IF/address); bssid=$(ap_bssid hotel)
expect_match "$(cat $access)" "POST http://$gw:8088/portal/auth .*-> 200 sent: \{\"authType\":3,\"voucherCode\":\"12345-67890\",\"clientMac\":\"$mac\",\"apMac\":\"$bssid\",\"ssidName\":\"Omada Hotel\",\"radioId\":0,\"originUrl\":\"http://198.51.100.7/\"\}$" \
    "the right voucher as Omada's script sends it"
expect_eq "$(portal_logins)" 1 "one login"
note "Omada voucher: associated → owner asked in $(elapsed $ta $t1) s; a wrong voucher refused, the right one → authenticated in $(elapsed $t1 $t2) s (owner's time included)"
