# portal-clock: a router without a real-time clock boots behind a portal that blocks NTP, its clock two
# years behind (set here with date -s); the venue's portal has the right time in its Date headers. The
# portal helper checks certificates no earlier than hotspotd's build (the commit's time, stamped by
# cross/build) and the newest Date a server sent while the kernel says the clock is not synchronised, so
# the https login (the portal's form on https://portal.radio.test) works; a certificate that really
# expired a year ago, which the wrong clock alone would take as valid, is still refused.
# radio-timeout: 240
# radio-arches: x86_64

real=$(date +%s)
behind=$((2 * 365 * 86400))
ap_start cafe --ssid "Cafe Corner" --open --portal
portal_start cafe --title "Cafe Corner" --login-url https://portal.radio.test/login --token
echo $behind > $RADIO_RUN/web/date_offset
date -s @$((real - behind)) > /dev/null || fail "cannot set the clock"
expect "[ $(date +%s) -lt $((real - behind + 600)) ]" "the router's clock is two years behind: $(date -u)"
sta_start
sta_dhcp_on_link
gw=$(ap_ip cafe)
daemon_lobby_helper lobby "Cafe Corner"
{ daemon_main; daemon_helper_section lobby; daemon_portal_section 'http://probe.radio.test/generate_204'; } | daemon_config
t0=$(radio_uptime)
daemon_start "$RADIO_DIR/hotspot.conf"
v=$(daemon_outcome "Cafe Corner" 120) || fail "no verdict on the network"
t1=$(radio_uptime)
expect_match "$v" "authenticated by portal" "the https login worked with the clock two years behind"
expect_match "$(cat $RADIO_RUN/web/access.log)" "POST https://portal.radio.test/login \[token accept\] -> 200" "the form went over https"
expect_eq "$(portal_logins)" 1 "one login"
# Then, through the uplink: hotspotd fetch as a helper runs it: the same client and the same policy as the portal helper's login.
fetch_by_hand() {
    env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOTSPOT_INTERFACE=$STA_IF HOTSPOT_GATEWAY=$gw HOTSPOT_DNS=$gw \
        HOTSPOT_CA_BUNDLE=$RADIO_CA hotspotd fetch "$@"
}
out=$(fetch_by_hand --head https://probe.radio.test:8444/generate_204 2>&1); rc=$?
log "$out"
expect_eq "$rc" 3 "a certificate that expired a year ago: no answer"
expect_match "$out" "expired or not yet valid" "  and the reason says so"
expect_eq "$(grep -c :8444 $RADIO_RUN/web/access.log)" 0 "  no request reached that server"

date -s @$(($(date +%s) + behind)) > /dev/null
note "clock two years behind: https login in $(awk "BEGIN { printf \"%.1f\", $t1 - $t0 }") s; a certificate expired a year ago refused"
