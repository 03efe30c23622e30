# portal-unifi: UniFi guest portals with a voucher and with a password (portal_start --unifi), as UniFi's
# guest portal app works, through the daemon and its built-in portal helper. hotspotd reads the portal's mode
# (GET /guest/s/default/hotspotconfig) and asks the owner for the voucher or the password, then POSTs
# /guest/s/default/login as application/json: {"by":"voucher","code":"…"} or {"by":"password","password":"…"}.
# "UniFi Stadium" (voucher, the stronger AP): the owner's first voucher is wrong → one POST, 400
# api.err.InvalidVoucher → asked again, `ui answers` shows the refusal → the right voucher → authenticated.
# Its AP goes silent; "UniFi Arena" (password): the owner's password → authenticated. The terms-only portal
# (no --unifi: {} logs in) is portal-products-2's.
# radio-timeout: 240
# radio-arches: x86_64 aarch64

ap_start stadium --ssid "UniFi Stadium" --open --portal
portal_start stadium --unifi voucher --record
sta_start
sta_dhcp_on_link
daemon_lobby_helper lobby "UniFi Stadium" "UniFi Arena"
{ daemon_main; daemon_helper_section lobby; daemon_portal_section 'http://198.51.100.7/generate_204'; } | daemon_config
access=$RADIO_RUN/web/access.log
gw1=$(ap_ip stadium)
posts() { grep -c "POST http://$1/guest/s/default/login " $access; }

daemon_start "$RADIO_DIR/hotspot.conf"
ta=$(sta_associated_at stadium 120) || fail "never associated with UniFi Stadium"
v=$(daemon_outcome "UniFi Stadium" 120) || fail "no verdict on UniFi Stadium"
expect_match "$v" "login needs the owner" "voucher: uiRequired from the portal helper"
t1=$(radio_uptime)
expect_match "$(cat $access)" "GET http://$gw1/guest/s/default/hotspotconfig -> 200" "voucher: the portal's mode read"
ui=$(daemon_cli ui); printf '%s\n' "$ui"
expect_match "$ui" 'voucher' "ui asks for the voucher"
expect_eq "$(posts $gw1)" 0 "nothing POSTed before the owner answered"
daemon_mark
daemon_cli ui submit voucher=12345-67891; expect_eq "$?" 0 "the wrong voucher accepted for sending"
daemon_wait 'UniFi Stadium: the portal refused the answers' 60 || fail "the refusal did not reach the daemon"
expect_eq "$(posts $gw1)" 1 "one POST of the wrong voucher"
expect_match "$(cat $access)" "POST http://$gw1/guest/s/default/login .*-> 400 sent: \{\"by\":\"voucher\",\"code\":\"12345-67891\"\}$" \
    "the wrong voucher as JSON, refused (400)"
ui=$(daemon_cli ui answers); printf '%s\n' "$ui"
expect_match "$ui" 'refused +1 of 3 times' "ui shows the refusal"
printf '%s\n' "$ui" | save_artifact ui-refused.txt
daemon_mark
daemon_cli ui submit voucher=12345-67890; expect_eq "$?" 0 "the right voucher accepted for sending"
v=$(daemon_outcome "UniFi Stadium" 60) || fail "no verdict after the right voucher"
expect_match "$v" "authenticated by portal" "voucher: authenticated"
t2=$(radio_uptime)
expect_eq "$(posts $gw1)" 2 "one POST per voucher"
expect_match "$(cat $access)" "POST http://$gw1/guest/s/default/login .*-> 200 sent: \{\"by\":\"voucher\",\"code\":\"12345-67890\"\}$" \
    "the right voucher as JSON, exactly"

# The stadium's AP goes silent: the daemon moves to the arena's password portal.
# The second venue starts only now: two open APs of equal signal would be chosen between by name.
ap_start arena --ssid "UniFi Arena" --open --portal
portal_start arena --unifi password --record
gw2=$(ap_ip arena)
daemon_mark
kill -9 "$(cat "$(ap_dir stadium)/pid")"
in_ap ip link set "$(ap_if stadium)" down
tb=$(sta_associated_at arena 120) || fail "never associated with UniFi Arena"
v=$(daemon_outcome "UniFi Arena" 120) || fail "no verdict on UniFi Arena"
expect_match "$v" "login needs the owner" "password: uiRequired from the portal helper"
t3=$(radio_uptime)
expect_match "$(cat $access)" "GET http://$gw2/guest/s/default/hotspotconfig -> 200" "password: the portal's mode read"
ui=$(daemon_cli ui); printf '%s\n' "$ui"
expect_match "$ui" 'password' "ui asks for the password"
expect_no_match "$ui" 'voucher' "ui does not ask the arena for a voucher"
daemon_mark
daemon_cli ui submit 'password=radio 4711'; expect_eq "$?" 0 "ui submit accepted"
v=$(daemon_outcome "UniFi Arena" 60) || fail "no verdict after ui submit"
expect_match "$v" "authenticated by portal" "password: authenticated"
t4=$(radio_uptime)
expect_eq "$(posts $gw2)" 1 "one POST of the password"
expect_match "$(cat $access)" "POST http://$gw2/guest/s/default/login .*-> 200 sent: \{\"by\":\"password\",\"password\":\"radio 4711\"\}$" \
    "the password as JSON, exactly"
expect_eq "$(portal_logins)" 2 "one login at each portal"
note "UniFi voucher: associated → owner asked in $(elapsed $ta $t1) s, a wrong voucher refused, the right one → authenticated in $(elapsed $t1 $t2) s (owner's time included); password: associated → owner asked in $(elapsed $tb $t3) s, ui submit → authenticated in $(elapsed $t3 $t4) s"
