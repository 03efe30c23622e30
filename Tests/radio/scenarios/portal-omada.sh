# portal-omada: a TP-Link Omada venue whose portal is a hotspot of vouchers (portal_start --omada voucher), as
# Omada's portal page works, through the daemon and its built-in portal helper. hotspotd posts the client's
# identity from the redirect's query to /portal/getPortalPageSetting, reads authType 11 (the hotspot) and its
# first enabled type, 3 (a voucher), and asks the owner for the voucher; then it POSTs /portal/auth as
# application/json: {"authType":3,"voucherCode":"…"} and the identity again. The owner's first voucher is wrong
# → errorCode -41502 → asked again with the portal's words → the right voucher → authenticated. Omada's local
# users (authType 5), simple password (1) and no authentication (0) are the host tests'.
# radio-timeout: 180
# radio-arches: x86_64 aarch64

ap_start lobby --ssid "Omada Lobby" --open --portal
portal_start lobby --omada voucher --record
sta_start
sta_dhcp_on_link
daemon_lobby_helper lobby "Omada Lobby"
{ daemon_main; daemon_helper_section lobby; daemon_portal_section 'http://198.51.100.7/generate_204'; } | daemon_config
access=$RADIO_RUN/web/access.log
gw=$(ap_ip lobby)
auths() { grep -c "POST http://$gw/portal/auth " $access; }

daemon_start "$RADIO_DIR/hotspot.conf"
ta=$(sta_associated_at lobby 120) || fail "never associated with Omada Lobby"
v=$(daemon_outcome "Omada Lobby" 120) || fail "no verdict on Omada Lobby"
expect_match "$v" "login needs the owner" "uiRequired from the portal helper"
t1=$(radio_uptime)
mac="[0-9a-f:]{17}"  # the client's MAC as the AP sees it (the MAC policy may pick one per network)
expect_match "$(cat $access)" "POST http://$gw/portal/getPortalPageSetting .*-> 200 sent: \{\"clientMac\":\"$mac\",\"apMac\":\"$(ap_bssid lobby)\",\"ssidName\":\"Omada Lobby\",\"radioId\":\"1\",\"originUrl\":\"http://198.51.100.7/\"\}$" \
    "the page setting asked with the client's identity, exactly"
ui=$(daemon_cli ui); printf '%s\n' "$ui"
expect_match "$ui" 'voucher' "ui asks for the voucher"
expect_eq "$(auths)" 0 "nothing sent to /portal/auth before the owner answered"
daemon_mark
daemon_cli ui submit voucher=12345-67891; expect_eq "$?" 0 "the wrong voucher accepted for sending"
daemon_wait 'Omada Lobby: the portal refused the answers' 60 || fail "the refusal did not reach the daemon"
expect_eq "$(auths)" 1 "one login request with the wrong voucher"
ui=$(daemon_cli ui answers); printf '%s\n' "$ui"
expect_match "$ui" 'Voucher code is incorrect' "ui shows the portal's words"
printf '%s\n' "$ui" | save_artifact ui-refused.txt
daemon_mark
daemon_cli ui submit voucher=12345-67890; expect_eq "$?" 0 "the right voucher accepted for sending"
v=$(daemon_outcome "Omada Lobby" 60) || fail "no verdict after the right voucher"
expect_match "$v" "authenticated by portal" "voucher: authenticated"
t2=$(radio_uptime)
expect_eq "$(auths)" 2 "one login request per voucher"
expect_match "$(cat $access)" "POST http://$gw/portal/auth .*-> 200 sent: \{\"authType\":3,\"voucherCode\":\"12345-67890\",\"clientMac\":\"$mac\",.*\"originUrl\":\"http://198.51.100.7/\"\}$" \
    "the right voucher as Omada's JSON, with the identity"
expect_eq "$(portal_logins)" 1 "one login at the portal"
note "Omada voucher: associated → owner asked in $(elapsed $ta $t1) s, a wrong voucher refused in the portal's words, the right one → authenticated in $(elapsed $t1 $t2) s (owner's time included)"
