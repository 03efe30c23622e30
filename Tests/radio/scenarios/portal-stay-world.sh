# portal-stay-world: the world of portal-stay (issue 37) driven by hand from the guest, no hotspotd: the
# plain-http hotel (portal_start --room --csrf --plans --session --refusal --record) and its look-alike. The
# probe is redirected to http://portal.radio.test/login; every load of the page gives a new token and cookie;
# a stale token, a missing cookie, the paid plan and a wrong room are refused (403, the form again under the
# portal's words); the right answers with the last page's token log in once (the name "Müller" form-encoded
# as UTF-8), recorded with the body as sent and the session's end; the session ends (10 s here) and the
# probe is redirected again; the reservation changes and the old answers are refused in the hotel's words; a
# look-alike with the same SSID whose portal is at another host records the answers it receives.
# radio-timeout: 180
# radio-manual

ssid="Seeblick Guest"
origin=http://portal.radio.test
twin_origin=http://wifi.seeblick.radio.test
words="No reservation under that name and room."
ap_start hotel --ssid "$ssid" --open --portal
portal_start hotel --title "Hotel Seeblick" --login-url "$origin/login" --room 412 Müller --csrf --plans --session 10 \
    --refusal "$words" --record
web=$(portal_web hotel)
sta_start
sta_connect hotel
sta_dhcp

r=$(http_get http://probe.radio.test/generate_204)
expect_match "$r" "^HTTP/1\.0 302" "the probe is redirected"
expect_match "$r" "^Location: $origin/login$" "to the hotel's page, plain http, by name"
# page: loads the form page; sets tok and sid (its token and cookie) and prints it.
page() {
    local p; p=$(RADIO_COOKIE= http_get "$origin/login")
    tok=$(printf '%s\n' "$p" | sed -n 's/.*name="csrf" value="\([^"]*\)".*/\1/p')
    sid=$(printf '%s\n' "$p" | sed -n 's/^Set-Cookie: seeblick_sid=\([^;]*\);.*/\1/p')
    printf '%s\n' "$p"
}
login() { RADIO_COOKIE=${2-seeblick_sid=$sid} http_post "$origin/login" "$1"; }
right() { echo "csrf=$1&room=${2:-412}&name=M%C3%BCller&plan=free&accept=yes"; }

page > "$RADIO_DIR/page"; p=$(cat "$RADIO_DIR/page"); tok1=$tok; sid1=$sid; printf '%s\n' "$p"
expect_match "$p" "^HTTP/1\.0 200" "the page"
expect_match "$p" "^Set-Cookie: seeblick_sid=" "a session cookie"
[ -n "$tok1" ] || fail "no token in the page"
expect_match "$p" 'name="plan" value="premium">' "a paid plan, not checked"
expect_match "$p" 'name="plan" value="free" checked>' "the free plan, checked"
expect_match "$(printf '%s\n' "$p" | grep -n 'name="plan"' | head -n1)" 'premium' "the paid plan listed first"
expect_match "$p" 'Room number' "room field"
expect_match "$p" 'Last name' "name field"
page > /dev/null
[ "$tok" != "$tok1" ] && [ "$sid" != "$sid1" ] || fail "a second load gave the same token or cookie"
log "ok: each load a new token ($tok1 → $tok) and cookie"

r=$(login "$(right "$tok1")"); expect_match "$r" "^HTTP/1\.0 403" "the first page's token (stale) is refused"
expect_match "$r" "Your session has expired" "in the portal's words"
expect_match "$r" 'name="csrf" value="c' "with a new form"
page > /dev/null; r=$(login "$(right "$tok")" ""); expect_match "$r" "^HTTP/1\.0 403" "no cookie: refused"
page > /dev/null; r=$(login "csrf=$tok&room=412&name=M%C3%BCller&plan=premium&accept=yes")
expect_match "$r" "^HTTP/1\.0 403" "the paid plan: refused"
expect_match "$r" "premium plan is paid at reception" "in the portal's words"
page > /dev/null; t=$tok; r=$(login "$(right "$tok" 413)"); expect_match "$r" "$words" "the wrong room: the hotel's words"
r=$(login "$(right "$t")"); expect_match "$r" "Your session has expired" "a token works once (used by the refused login)"
expect_eq "$(portal_logins)" 0 "no login yet"
page > /dev/null; r=$(login "$(right "$tok")"); expect_match "$r" "^HTTP/1\.0 200" "the right answers"
expect_match "$r" "You are online" "logged in"
expect_eq "$(portal_logins)" 1 "one login"
expect_match "$(http_get http://probe.radio.test/generate_204 | head -n1)" " 204 " "online: the probe gets 204"
expect_match "$(cat $RADIO_RUN/web/access.log)" "POST $origin/login \[csrf room name plan accept\] -> 200 \(csrf fresh\) sent: csrf=$tok&room=412&name=M%C3%BCller&plan=free&accept=yes$" \
    "access.log: the login's fields as sent"
expect_eq "$(tail -n1 "$web/answers" | cut -d' ' -f2-)" "room=412 name=Müller" "answers: the name decoded as UTF-8"
save_artifact requests.txt "$web/requests"
end=$(awk '$2 == "login" { e = $5 } END { print e }' "$web/requests")
[ -n "$end" ] || fail "no session end recorded"
wait_for "[ \$(cut -d. -f1 /proc/uptime) -ge $end ]" 15
expect_match "$(http_get http://probe.radio.test/generate_204 | head -n1)" " 302 " "the session ended: the probe is redirected again"

portal_reservation hotel 415 Müller
page > /dev/null; r=$(login "$(right "$tok")"); expect_match "$r" "^HTTP/1\.0 403" "the old answers refused after the reservation changed"
expect_match "$r" "role=\"alert\">$words<" "in the hotel's words, as its alert"
page > /dev/null; r=$(login "$(right "$tok" 415)"); expect_match "$r" "You are online" "the new room logs in"
expect_eq "$(portal_logins)" 2 "two logins"

hotel_answers=$(grep -c . "$web/answers")
ap_start twin --ssid "$ssid" --open --portal
portal_start twin --title "Hotel Seeblick" --login-url "$twin_origin/login" --room 415 Müller --csrf --plans --record
twin=$(portal_web twin)
kill -9 "$(cat "$(ap_dir hotel)/pid")"; in_ap ip link set "$(ap_if hotel)" down
wpa disconnect > /dev/null
sta_connect twin
expect_eq "$(wpa status | sed -n 's/^bssid=//p')" "$(ap_bssid twin)" "on the look-alike (the same SSID)"
sta_dhcp
r=$(http_get http://probe.radio.test/generate_204)
expect_match "$r" "^Location: $twin_origin/login$" "the look-alike's portal is at another host"
expect_eq "$(cat "$twin/answers" 2>/dev/null)" "" "the look-alike has received no answers"
p=$(RADIO_COOKIE= http_get "$twin_origin/login")
tok=$(printf '%s\n' "$p" | sed -n 's/.*name="csrf" value="\([^"]*\)".*/\1/p')
sid=$(printf '%s\n' "$p" | sed -n 's/^Set-Cookie: seeblick_sid=\([^;]*\);.*/\1/p')
expect_match "$p" 'Room number' "it asks the same fields"
RADIO_COOKIE="seeblick_sid=$sid" http_post "$twin_origin/login" "$(right "$tok" 415)" > /dev/null
expect_match "$(cat "$twin/answers")" "room=415 name=Müller" "the look-alike records the answers it receives"
expect_eq "$(grep -c . "$web/answers")" "$hotel_answers" "the hotel's own record unchanged"
note "hotel by hand: token per load, once, with its cookie; paid plan, wrong room, stale token refused in words; login; 10 s session ended; reservation changed; look-alike records answers"
