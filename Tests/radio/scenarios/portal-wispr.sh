# portal-wispr: an airport portal that speaks WISPr 1.0: the login page carries the Redirect XML with an
# https LoginURL (served with the test CA's certificate), the credentials come from UCI (wispr_user /
# wispr_password of the portal helper's section). First with a wrong password: the gateway answers
# AuthenticationReply 100 → the helper answers failure with the gateway's reason in the log, the network is
# disabled, nothing logged in. Then the right password (`hotspotd reload`, `hotspotd enable`): the gateway
# answers 201 (pending) with a LoginResultsURL and Delay; the helper polls it, gets 50 → authenticated by
# portal, without ever posting the page's form. Neither password, as typed or as sent, is in the system
# log, the daemon's, the helper's stderr, status or ui.
# radio-timeout: 240
# radio-arches: x86_64 aarch64

ssid="Airport Free WiFi"
ap_start airport --ssid "$ssid" --open --portal
portal_start airport --title "Airport Wi-Fi" --login-url http://portal.radio.test/login \
    --wispr https://portal.radio.test/wispr-login --wispr-user traveller --wispr-password 'gate 42&B' --wispr-pending
syslog_start
sta_start
sta_dhcp_on_link
daemon_lobby_helper lobby "$ssid"
conf() {
    { daemon_main portal_domain radio.test; daemon_helper_section lobby
      daemon_portal_section 'http://probe.radio.test/generate_204' wispr_user traveller wispr_password "$1"; } | daemon_config
}
conf 'gate 41&B'
t0=$(radio_uptime)
daemon_start "$RADIO_DIR/hotspot.conf"
v=$(daemon_outcome "$ssid" 120) || fail "no verdict on the network"
expect_match "$v" "auto-join disabled" "the wrong password ends in failure"
t1=$(radio_uptime)
log=$(daemon_log); printf '%s\n' "$log" | tail -n 15
expect_match "$log" "WISPr login at https://portal.radio.test/wispr-login" "the helper used the https LoginURL"
expect_match "$log" "WISPr login: login failed \(100\), Invalid username or password" "the gateway's refusal is logged"
expect_match "$log" "auto-join disabled.*portal: authenticate: failure" "failure, the network disabled"
expect_match "$(cat $RADIO_RUN/web/access.log)" "POST https://portal.radio.test/wispr-login \[.*UserName.*Password.*\] -> 200 \(WISPr 100\)" \
    "UserName and Password posted, refused with 100"
expect_eq "$(portal_logins)" 0 "nothing logged in with the wrong password"

conf 'gate 42&B'
daemon_mark
daemon_cli reload; expect_eq "$?" 0 "reload with the right password"
daemon_cli enable "$ssid"; expect_eq "$?" 0 "enable"
v=$(daemon_outcome "$ssid" 90) || fail "no verdict with the right password"
expect_match "$v" "authenticated by portal" "authenticated with the right password"
t2=$(radio_uptime)
access=$(cat $RADIO_RUN/web/access.log); printf '%s\n' "$access"
expect_match "$access" "wispr-login \[.*\] -> 200 \(WISPr 201\)" "the gateway answered 201 pending"
expect_match "$access" "GET https://portal.radio.test/wispr-result -> 200 \(WISPr 50\)" "the helper polled LoginResultsURL: 50"
expect_match "$(daemon_log | tail -n +$((RADIO_DAEMON_MARK + 1)))" "authentication pending \(201\)" "pending logged"
expect_no_match "$access" "POST [^ ]*/login " "the page's form was never posted"
expect_eq "$(portal_logins)" 1 "one login, through WISPr"
daemon_cli status > /dev/null; expect_eq "$?" 0 "status: usable"
expect_secret_kept 'gate[ +]4|gate%204|4[12](&|%26)B' "the WISPr passwords"
note "wrong password → failure (100) in $(awk "BEGIN { printf \"%.1f\", $t1 - $t0 }") s; right one → 201, poll, 50 → authenticated in $(awk "BEGIN { printf \"%.1f\", $t2 - $t1 }") s"
