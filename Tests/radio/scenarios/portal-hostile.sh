# portal-hostile: one portal switched between hostile answers. Each must end in a clear failure or
# temporaryFailure with a log line that says why (but a certificate that does not verify, issue 37):
#   an 8 MiB page          → failure, the body cap
#   broken HTML            → failure (a terms form cut off mid-tag, its token lost: the portal answers 403,
#                            three rounds)
#   broken WISPr XML       → failure, "no WISPr reply" (the https login's answer is cut off)
#   a certificate for the wrong name (https on 8443) → the venue's page all the same, treated like plain
#                            http (issue 37): its click-through logs in, "does not verify"
#   endless redirects      → failure, "more than 5 redirects": the daemon disables the network
#   a page that never finishes → temporaryFailure, "did not answer in time": the daemon leaves and will
#                            retry; `hotspotd status` answers throughout
# The first four run `hotspotd portal-helper authenticate` by hand on a link joined without the daemon
# (with the environment the daemon gives it); the last two go through the daemon and its log.
# radio-timeout: 240
# radio-arches: x86_64

ssid="Mall Free WiFi"
ap_start mall --ssid "$ssid" --open --portal
sta_start
sta_dhcp_on_link

# The AP side's https, checked with socat from inside the AP namespace: 443 has a certificate for
# portal.radio.test from the test CA, 8443 one from the same CA for another name.
tls_get() { printf 'GET /generate_204 HTTP/1.0\r\n\r\n' | timeout 15 /usr/sbin/ip netns exec ap socat -t 10 - "OPENSSL:$RADIO_WEB_IP:$1,commonname=portal.radio.test,cafile=$RADIO_CA,verify=1" 2>&1; }
expect_match "$(tls_get 443)" "^HTTP/1.0 204" "port 443: a certificate for portal.radio.test"
expect_no_match "$(tls_get 8443)" "^HTTP/1.0" "port 8443: the certificate is not for portal.radio.test"

t0=$(radio_uptime)
times=""
lap() { local t; t=$(radio_uptime); times="$times $1 $(awk "BEGIN { printf \"%.0f\", $t - $t0 }")s"; t0=$t; }

# By hand: CASE RESULT REASON_REGEX [VAR=VALUE...]
by_hand() {
    local case=$1 result=$2 why=$3; shift 3
    portal_helper_by_hand authenticate "$@"; expect_eq "$?" 0 "$case: the helper exits 0"
    expect_eq "$(tail -n1 $RADIO_DIR/helper.out)" "result=$result" "$case: $result"
    expect_match "$(cat $RADIO_DIR/helper.err)" "$why" "$case: stderr says why"
    lap "$case"
}
sta_connect mall
wait_for "[ -s $RADIO_RUN/sta-ip ]" 20 || fail "no DHCP lease"
portal_start mall --login-url http://portal.radio.test/hostile/huge > /dev/null
by_hand huge failure "HTTP response body longer than [0-9]+ bytes"
portal_start mall --login-url https://portal.radio.test/hostile/broken-html --token > /dev/null
by_hand broken-html failure "still behind the portal after 3 rounds"
expect_match "$(cat $RADIO_RUN/web/access.log)" "POST https://portal.radio.test/login \[accept\] -> 403" "broken-html: its form was sent and refused"
portal_start mall --login-url https://portal.radio.test/login --wispr https://portal.radio.test/wispr-login --wispr-broken > /dev/null
by_hand broken-xml failure "WISPr login: the answer has no WISPr reply" HOTSPOT_WISPR_USER=shopper HOTSPOT_WISPR_PASSWORD=secret
portal_start mall --login-url https://portal.radio.test:8443/login > /dev/null
by_hand wrong-name success "the certificate of https://portal.radio.test:8443 does not verify: its pages are shown, treated like plain http"
expect_eq "$(portal_logins)" 1 "wrong-name: its click-through logged in"
portal_end_sessions mall
wpa remove_network all > /dev/null
wait_for '[ "$(sta_state)" != COMPLETED ]' 10

# Through the daemon.
daemon_lobby_helper lobby "$ssid"
{ daemon_main; daemon_helper_section lobby; daemon_portal_section 'http://probe.radio.test/generate_204'; } | daemon_config
# hostile CASE VERDICT_REGEX REASON_REGEX: the daemon's verdict on this round and the helper's reason.
hostile() {
    local v
    v=$(daemon_outcome "$ssid" 90) || fail "$1: no verdict"
    expect_match "$v" "$2" "$1: $2"
    expect "daemon_log | tail -n +$((${RADIO_DAEMON_MARK:-0} + 1)) | grep -Eq -- \"helper portal: stderr: .*$3\"" "$1: the daemon's log says why"
    lap "$1"
}
portal_start mall --login-url http://portal.radio.test/hostile/loop > /dev/null
daemon_mark
daemon_start "$RADIO_DIR/hotspot.conf"
hostile loop "auto-join disabled.*authenticate: failure" "portal page: more than 5 redirects"
# The page that never finishes.
portal_start mall --login-url http://portal.radio.test/hostile/hang > /dev/null
daemon_mark
daemon_cli enable "$ssid" > /dev/null
wait_for "grep -q 'hostile/hang -> 200 (hangs)' $RADIO_RUN/web/access.log" 60 || fail "hang: the helper never asked for the page"
worst=0
for i in 1 2 3 4 5; do
    a=$(radio_uptime); daemon_cli status > /dev/null; rc=$?; b=$(radio_uptime)
    [ $rc -le 1 ] || fail "hang: status did not answer (exit $rc)"
    worst=$(awk -v w="$worst" -v a="$a" -v b="$b" 'BEGIN { d = b - a; print (d > w ? d : w) }')
    sleep 1
done
expect_lt "$worst" 2 "hang: status answered 5 times while the helper waited, the slowest in ${worst} s"
hostile hang "left:.*authenticate: temporaryFailure" "did not answer in time"
expect_eq "$(portal_logins)" 1 "no other case logged in"
daemon_cli status > /dev/null; [ $? -le 1 ] || fail "status after the hostile rounds"
note "verdicts at:$times (seconds since the previous); status during the hang: slowest ${worst} s"
