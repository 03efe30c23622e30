# portal-fortinet: a Fortinet FortiGate captive portal (portal_start --fortinet), as FortiGate's
# documentation describes it, through the daemon and its built-in portal helper. The portal listens on port
# 1000 of the gateway: the probe is redirected to http://GW:1000/fgtauth?MAGIC, the disclaimer (hidden
# 4Tredir, magic, answer=0; "Yes, I agree" / "No, I decline" as unnamed submit buttons whose script sets
# answer). hotspotd accepts as the accept button's script does: POST / with 4Tredir, magic and answer=1 →
# the login page → uiRequired with username and password → `hotspotd ui submit` → POST / with 4Tredir, magic,
# username, password → "Authentication successful" → authenticated. The FortiGate refuses a login without
# the accepted disclaimer, with another magic, or anywhere but port 1000 (server side).
# radio-timeout: 180
# radio-arches: x86_64

ap_start airport --ssid "Fortinet Airport" --open --portal
portal_start airport --fortinet --record
sta_start
sta_dhcp_on_link
daemon_lobby_helper lobby "Fortinet Airport"
{ daemon_main; daemon_helper_section lobby; daemon_portal_section 'http://198.51.100.7/generate_204'; } | daemon_config
access=$RADIO_RUN/web/access.log
gw=$(ap_ip airport); magic=0123456789abcdef
redir='http(%3A|:)(%2F|/)(%2F|/)198\.51\.100\.7(%2F|/)'

daemon_start "$RADIO_DIR/hotspot.conf"
ta=$(sta_associated_at airport 120) || fail "never associated with Fortinet Airport"
v=$(daemon_outcome "Fortinet Airport" 120) || fail "no verdict on Fortinet Airport"
expect_match "$v" "login needs the owner" "uiRequired from the portal helper (after the disclaimer)"
t1=$(radio_uptime)
expect_match "$(cat $access)" "GET http://$gw:1000/fgtauth\?$magic -> 200" "the disclaimer on port 1000"
expect_eq "$(grep -Ec "POST http://$gw(:1000)?/ " $access)" 1 "one POST before the owner: the disclaimer's"
b=$(portal_sent "POST http://$gw(:1000)?/ \[.*answer.*\] -> 200")
[ -n "$b" ] || fail "no POST of the disclaimer"
expect_fields "$b" "disclaimer POST" answer=1 "magic=$magic" "4Tredir=$redir"
ui=$(daemon_cli ui); printf '%s\n' "$ui"
expect_match "$ui" 'username' "ui shows the user name field"
expect_match "$ui" 'password' "ui shows the password field"
expect_no_match "$(printf '%s\n' "$ui" | grep '^field')" 'magic|4Tredir' "ui does not ask for the hidden fields"
expect_eq "$(portal_logins)" 0 "nothing logged in before the owner answered"
daemon_mark
daemon_cli ui submit username=guest 'password=radio 4711'; expect_eq "$?" 0 "ui submit accepted"
v=$(daemon_outcome "Fortinet Airport" 60) || fail "no verdict after ui submit"
expect_match "$v" "authenticated by portal" "authenticated after ui submit"
t2=$(radio_uptime)
# presentUI starts again from the probe: FortiGate shows its disclaimer again, accepted again, then the login.
expect_eq "$(grep -Ec "POST http://$gw(:1000)?/ " $access)" 3 "two more POSTs: the disclaimer again, the owner's login"
b=$(grep -E "POST http://$gw(:1000)?/ " $access | tail -n1)
expect_match "$b" ' -> 200 ' "the login answered 200"
b=${b#* sent: }
expect_fields "$b" "login POST" "magic=$magic" "4Tredir=$redir" username=guest 'password=radio(\+|%20)4711'
expect_eq "$(portal_logins)" 1 "one login"
note "FortiGate: associated → disclaimer accepted, owner asked in $(elapsed $ta $t1) s; ui submit → authenticated in $(elapsed $t1 $t2) s"
