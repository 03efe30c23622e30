# portal-steps (issue 19): a venue of three steps passed by the built-in portal helper through the daemon.
# The probe is redirected to an interstitial whose only control is a Continue button (a form of hidden
# fields); it posts to the terms form (token, cookie, terms box; the newsletter box stays unticked); the
# accepted form answers "please wait" with a meta refresh to /activate, and only that GET logs in; then the
# probe, once. The same venue with a link that accepts instead of the button (and a logout link before it),
# by hand after a logout (the daemon stopped): the link is followed, the logout link is not.
# radio-timeout: 240
# radio-arches: x86_64 aarch64

ap_start venue --ssid "Station Wi-Fi" --open --portal
portal_start venue --title "Station Wi-Fi" --token --steps form
sta_start
sta_dhcp_on_link
daemon_lobby_helper lobby "Station Wi-Fi"
{ daemon_main; daemon_helper_section lobby; daemon_portal_section 'http://probe.radio.test/generate_204'; } | daemon_config
t0=$(radio_uptime)
daemon_start "$RADIO_DIR/hotspot.conf"
v=$(daemon_outcome "Station Wi-Fi" 120) || fail "no verdict on the network"
expect_match "$v" "authenticated by portal" "authenticated by the portal helper through three steps"
t1=$(radio_uptime)
access=$(cat $RADIO_RUN/web/access.log)
printf '%s\n' "$access"
expect_match "$access" "POST [^ ]*/terms \[step\] -> 200" "the interstitial's Continue form was posted"
expect_match "$access" "POST [^ ]*/login \[token accept\] -> 200" "the terms form: token and terms box, no newsletter"
expect_match "$access" "GET [^ ]*/activate\?t=[^ ]* -> 200" "the refresh to the last step was followed"
expect_eq "$(sed -n '/\/terms \[step\]/,$p' $RADIO_RUN/web/access.log | grep -c generate_204)" 1 "no probe inside the flow, one after it"
expect_eq "$(portal_logins)" 1 "one login"
expect_match "$(http_get http://probe.test/generate_204 | head -n1)" "^HTTP/1\.[01] 204" "online after the flow"

# The daemon stops first: its maintain (every 30 s at a portal) would log in again by itself.
daemon_stop
http_post http://$(ap_ip venue)/logout "" > /dev/null
portal_start venue --title "Station Wi-Fi" --token --steps link
portal_helper_by_hand authenticate; expect_eq "$?" 0 "the helper exits 0"
expect_eq "$(tail -n1 "$RADIO_DIR/helper.out")" "result=success" "the link version passed"
access=$(cat $RADIO_RUN/web/access.log)
expect_match "$access" "GET [^ ]*/terms\?accept=1 -> 200" "the link that accepts was followed"
expect_no_match "$access" "GET [^ ]*/logout -> " "the logout link was not"
expect_eq "$(portal_logins)" 2 "a second login"
note "daemon start → authenticated through interstitial, terms and refresh in $(awk "BEGIN { printf \"%.1f\", $t1 - $t0 }") s"
