# portal-refused-answer (issue 25): a hotel portal (POST form over https) asks for the last name and room
# number. The owner's first answer has the wrong room → the portal helper POSTs it exactly once, the
# portal's form comes back under its alert → presentUI answers uiRequired again → `hotspotd ui` shows
# the hotel's words, "refused 1 of 3" and the earlier answers → the right answer, one more POST → online,
# with no `enable`. On a new daemon run, three refusals leave the network with the hotel's words and a
# backoff (not disabled), `join` starts over at once, and the owner gives up after a refusal (`ui cancel`): as
# before issue 25, the network is disabled for auto-join (the owner's cancel as the reason) until `enable`.
# radio-timeout: 240
# radio-arches: x86_64 aarch64

ap_start hotel --ssid "Harbour Hotel Guest" --open --portal
portal_start hotel --title "Harbour Hotel" --login-url https://portal.radio.test/login --room 412 Smith
sta_start
sta_dhcp_on_link
daemon_lobby_helper lobby "Harbour Hotel Guest"
{ daemon_main; daemon_helper_section lobby; daemon_portal_section 'http://probe.radio.test/generate_204'; } | daemon_config
access=$RADIO_RUN/web/access.log
posts() { grep -c "POST https://portal.radio.test/login \[room name accept\]" "$access"; }
words='The last name and room number do not match our records.'

t0=$(radio_uptime)
daemon_start "$RADIO_DIR/hotspot.conf"
v=$(daemon_outcome "Harbour Hotel Guest" 120) || fail "no verdict on the network"
expect_match "$v" "login needs the owner" "uiRequired from the portal helper"
daemon_mark
daemon_cli ui submit room=413 name=Smith; expect_eq "$?" 0 "the wrong answer accepted for sending"
daemon_wait 'Harbour Hotel Guest: the portal refused the answers' 60 || fail "the refusal did not reach the daemon"
t1=$(radio_uptime)
expect_eq "$(posts)" 1 "one POST of the wrong answer"
expect_match "$(grep 'POST https://portal.radio.test/login' "$access")" '-> 403' "the portal refused it"
# Issue 35: plain `ui` (ubus's read ACL) never shows what was typed; `ui answers` (the write ACL) does.
expect_no_match "$(daemon_cli ui; daemon_cli ui --json)" '413|Smith|earlier_answers' "plain ui: no earlier answers"
ui=$(daemon_cli ui answers); printf '%s\n' "$ui"
expect_match "$ui" "message +$words" "ui shows the hotel's words"
expect_match "$ui" 'refused +1 of 3 times' "ui counts the refusal"
expect_match "$ui" 'room: Room number \(you typed "413"\)' "ui shows the earlier room"
expect_match "$ui" 'name: Last name \(you typed "Smith"\)' "ui shows the earlier name"
printf '%s\n' "$ui" | save_artifact ui.txt
daemon_cli ui answers --json | save_artifact ui.json
expect_match "$(daemon_cli ui answers --json)" '"refusals":1,.*"earlier_answers":\[\{"name":"room","value":"413"\}' "ui answers --json: refusals, earlier answers"
daemon_cli status > /dev/null; expect_eq "$?" 1 "status: not usable while the owner is asked again"
daemon_mark
daemon_cli ui submit room=412 name=Smith; expect_eq "$?" 0 "the right answer accepted for sending"
v=$(daemon_outcome "Harbour Hotel Guest" 60) || fail "no verdict after the second answer"
expect_match "$v" "authenticated by portal" "online after the second answer"
t2=$(radio_uptime)
expect_eq "$(posts)" 2 "one POST per answer"
expect_match "$(grep 'POST https://portal.radio.test/login' "$access" | tail -n1)" '-> 200' "the second answer logged in"
expect_eq "$(portal_logins)" 1 "one login"
daemon_cli status > /dev/null; expect_eq "$?" 0 "status: usable, no enable needed"

# Three wrong answers in a row on a new run: the network is left with the hotel's words and a backoff (not
# disabled); `hotspotd join` starts over at once; the owner gives up after a refusal (`ui cancel`).
daemon_stop
rm -f "$RADIO_DIR/hotspotd.state" $RADIO_RUN/web/*/authed/*
daemon_mark
daemon_start "$RADIO_DIR/hotspot.conf"
v=$(daemon_outcome "Harbour Hotel Guest" 120) || fail "no verdict on the second run"
expect_match "$v" "login needs the owner" "uiRequired on the second run"
for room in 997 998; do
    daemon_mark
    daemon_cli ui submit room=$room name=Smith
    daemon_wait 'Harbour Hotel Guest: the portal refused the answers' 60 || fail "no refusal of room $room"
done
daemon_mark
daemon_cli ui submit room=999 name=Smith
v=$(daemon_outcome "Harbour Hotel Guest" 60) || fail "no verdict after the third refusal"
expect_match "$v" "left: .*refused 3 times: $words" "the third refusal leaves with the hotel's words"
expect_eq "$(posts)" 5 "one POST per answer, three refused"
status=$(daemon_cli status); printf '%s\n' "$status" | save_artifact status-after-3.txt
expect_match "$status" "last failure +Harbour Hotel Guest: .*$words" "status gives the hotel's words as the reason"
helpers=$(daemon_cli helpers)
expect_match "$helpers" '^backed off +Harbour Hotel Guest' "backed off"
expect_no_match "$helpers" '^disabled' "not disabled for a typo"
daemon_mark
daemon_cli join "Harbour Hotel Guest"; expect_eq "$?" 0 "join accepted"
v=$(daemon_outcome "Harbour Hotel Guest" 120) || fail "no verdict after join"
expect_match "$v" "login needs the owner" "join starts over: asked again at once"
daemon_mark
daemon_cli ui submit room=996 name=Smith
daemon_wait 'Harbour Hotel Guest: the portal refused the answers' 60 || fail "no refusal after join"
daemon_cli ui cancel; expect_eq "$?" 0 "ui cancel accepted"
v=$(daemon_outcome "Harbour Hotel Guest" 20) || fail "no verdict after ui cancel"
expect_match "$v" "auto-join disabled" "cancel: auto-join disabled, as before"
expect_match "$(daemon_cli helpers)" 'cancelled' "helpers names the owner's cancel"
daemon_cli status > /dev/null 2>&1; expect_eq "$?" 1 "status after cancel: not usable"
expect_eq "$(posts)" 6 "nothing sent after the cancel"
note "refused answer: start → uiRequired → 1 POST → asked again in $(awk "BEGIN { printf \"%.1f\", $t1 - $t0 }") s; right answer → online in $(awk "BEGIN { printf \"%.1f\", $t2 - $t1 }") s; 2 POSTs for 2 answers; 3 refusals → left with the words, join → asked again, cancel → disabled"
