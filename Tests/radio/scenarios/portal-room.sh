# portal-room: a hotel portal whose form needs a room number and a last name. The portal helper (probe and
# portal by name, through the AP's DNS) cannot answer those: authenticate → uiRequired with both fields →
# `hotspotd ui` shows them → `hotspotd ui submit room=412 name=Smith` → presentUI fills the form (and
# ticks the terms box) → the portal accepts exactly those answers → authenticated by portal. The form is
# a GET over https (answers go only over https to the page's own host), so the answers travel in its URL:
# neither the system log, the daemon's, the helper's stderr, nor status or ui shows them.
# radio-timeout: 240
# radio-arches: x86_64 aarch64

ap_start hotel --ssid "Harbour Hotel Guest" --open --portal
portal_start hotel --title "Harbour Hotel" --login-url https://portal.radio.test/login --room 412 Smith --form-get
syslog_start
sta_start
sta_dhcp_on_link
daemon_lobby_helper lobby "Harbour Hotel Guest"
{ daemon_main; daemon_helper_section lobby; daemon_portal_section 'http://probe.radio.test/generate_204'; } | daemon_config
t0=$(radio_uptime)
daemon_start "$RADIO_DIR/hotspot.conf"
v=$(daemon_outcome "Harbour Hotel Guest" 120) || fail "no verdict on the network"
expect_match "$v" "login needs the owner" "uiRequired from the portal helper"
t1=$(radio_uptime)
ui=$(daemon_cli ui); printf '%s\n' "$ui"
expect_match "$ui" 'Room number' "ui shows the room field"
expect_match "$ui" 'Last name' "ui shows the name field"
expect_match "$ui" 'Harbour Hotel' "ui shows the portal's title"
expect_eq "$(portal_logins)" 0 "nothing logged in before the owner answered"
daemon_cli ui submit room=412 name=Smith; expect_eq "$?" 0 "ui submit accepted"
daemon_mark
v=$(daemon_outcome "Harbour Hotel Guest" 60) || fail "no verdict after ui submit"
expect_match "$v" "authenticated by portal" "authenticated after ui submit"
t2=$(radio_uptime)
expect_match "$(cat $RADIO_RUN/web/access.log)" "GET https://portal.radio.test/login\?room=412&name=Smith&accept=yes \[room name accept\] -> 200" \
    "presentUI sent room, name and the terms box in the GET form's URL, over https"
expect_eq "$(portal_logins)" 1 "one login"
expect_match "$(cat $RADIO_RUN/web/dns.log)" "portal.radio.test type 1 -> $RADIO_WEB_IP" "the portal's name resolved by the AP's DNS"
daemon_cli status > /dev/null; expect_eq "$?" 0 "status: usable"
expect_secret_kept 'Smith|412&' "the owner's answers"
note "start → uiRequired in $(awk "BEGIN { printf \"%.1f\", $t1 - $t0 }") s; ui submit → authenticated in $(awk "BEGIN { printf \"%.1f\", $t2 - $t1 }") s (room + name through presentUI)"
