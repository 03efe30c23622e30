# portal-8908: an RFC 8908 captive-portal API announced by DHCP (option 114, udhcpd → udhcpc -O 114 →
# the product's hook init.d/udhcpc.user, installed as /etc/udhcpc.user.d/hotspotd → the hex of the URI in
# /run/hotspotd/captive-api.wlan0). The API is https (the test CA, by name through the AP's DNS) and
# answers {"captive": true, "user-portal-url": …} before the login, {"captive": false, "seconds-remaining":
# N} after it; the portal forgets the login after N = 15 s.
# First the guest side, which works without hotspotd: the hook's file, the API fetched with the CA.
# Then the product's contract (hotspotd gives the helper HOTSPOT_CAPTIVE_API; the helper GETs it first,
# logs in through user-portal-url when captive, checks the API again, answers success with the session's
# remaining time, logs lines that say "captive-portal API"): authenticated by portal with a session time
# in `hotspotd status`; when the session ends, maintain finds the portal back and the helper logs in again.
# Last, an API that answers broken JSON: a log line naming the error, and the probes decide instead
# (RFC 8908 §5: a client falls back to its other detection when the API fails); here they find the
# internet open, since the session is logged in.
# radio-timeout: 240
# radio-arches: x86_64 aarch64

ssid="Lounge 8908"
uri=https://api.radio.test/captive-api
ap_start lounge --ssid "$ssid" --open --portal --captive-api "$uri"
portal_start lounge --title "Lounge" --login-url https://portal.radio.test/login --token --session 15
sta_start
sta_dhcp_on_link
daemon_lobby_helper lobby "$ssid"
{ daemon_main; daemon_helper_section lobby; daemon_portal_section 'http://probe.radio.test/generate_204'; } | daemon_config
t0=$(radio_uptime)
daemon_start "$RADIO_DIR/hotspot.conf"

# The guest side.
hook=/run/hotspotd/captive-api.$STA_IF
wait_for "[ -s $hook ]" 60 || fail "the DHCP hook wrote no $hook"
expect_eq "$(cat $hook)" "$(hexof "$uri")" "option 114 kept in hex by the product's hook"
api=$(printf 'GET /captive-api?scenario HTTP/1.0\r\nHost: api.radio.test\r\nAccept: application/captive+json\r\n\r\n' \
    | timeout 15 socat -t 10 - "OPENSSL:api.radio.test:443,cafile=$RADIO_CA,verify=1" | tr -d '\r')
printf '%s\n' "$api"
expect_match "$api" "^Content-Type: application/captive\+json" "the API over https, its certificate checked, by name"
expect_match "$api" '"captive": (true|false)' "the API's JSON"
note "guest side: option 114 → $hook = hex of $uri; the API fetched over https with $RADIO_CA"

# The product's contract.
v=$(daemon_outcome "$ssid" 120) || fail "no verdict on the network"
t1=$(radio_uptime)
expect_match "$v" "authenticated by portal" "authenticated by the portal helper"
expect "daemon_log | grep -q 'captive-portal API'" "the helper's log lines name the captive-portal API"
access=$(cat $RADIO_RUN/web/access.log)
expect_match "$access" "GET https://api.radio.test/captive-api -> 200" "the helper asked the API"
expect_match "$access" "POST https://portal.radio.test/login \[token accept\] -> 200" "it logged in at the user-portal-url"
st=$(daemon_cli status); printf '%s\n' "$st"
expect_match "$st" "session +[0-9]+ s left" "status shows the session's remaining time"
note "authenticated through the API in $(awk "BEGIN { printf \"%.1f\", $t1 - $t0 }") s"

# The session ends (the portal's seconds-remaining); maintain comes back and the helper logs in again.
wait_for '[ "$(portal_logins)" -ge 2 ]' 60 || fail "no new login after the session ended"
t2=$(radio_uptime)
# (maintain's successes log "authenticated by portal" too: the line must follow the last authenticate.)
wait_for "daemon_log | awk '/helper portal: authenticate $ssid/ { a = 1; ok = 0 } a && /$ssid: authenticated by portal/ { ok = 1 } END { exit !ok }'" 30 \
    || fail "not authenticated after the new login"
log "ok: authenticated again"
note "session of 15 s ended → logged in again $(awk "BEGIN { printf \"%.1f\", $t2 - $t1 }") s after the first login"

# An API that answers broken JSON.
portal_helper_by_hand authenticate HOTSPOT_CAPTIVE_API=https://api.radio.test/hostile/broken-json
expect_match "$(cat $RADIO_DIR/helper.err)" "captive-portal API .*broken-json: .*: probing instead" "broken JSON: a log line about the API"
expect_match "$(cat $RADIO_DIR/helper.out)" "^result=success$" "broken JSON: the probes decide (open: logged in)"
daemon_cli status > /dev/null; expect_eq "$?" 0 "status: usable"
