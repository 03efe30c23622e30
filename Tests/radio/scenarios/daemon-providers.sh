# daemon-providers: NEHotspotManager's model with separate providers: `scout` (evaluation: filterScanList,
# evaluate) claims and evaluates, `login` (authentication) authenticates; `login` never gets evaluate and
# `scout` never gets authenticate. An evaluated SSID skips evaluation: when the first AP goes away, the
# router joins "Partner Cafe" and hands it straight to `login`.
# radio-timeout: 240
# radio-arches: x86_64 aarch64

ap_start grand --ssid "Hotel Grand" --open --dhcp
ap_start partner --ssid "Partner Cafe" --open --dhcp --txpower 1000
sta_start
sta_dhcp_on_link
# The daemon's first scan must hear Hotel Grand (a Tests/run on a loaded machine once had an aarch64 scan miss
# it, and the router joined Partner Cafe first): the station hears both before the daemon starts.
sta_events_start
sta_hear grand partner
calls=$RADIO_HELPER_STATE

daemon_helper scout <<'EOS'
[ -z "$HOTSPOT_STATE_DIR" ] || echo "$1 ssid=$HOTSPOT_SSID" >> "$HOTSPOT_STATE_DIR/calls"
case $1 in
    filterScanList)
        tab=$(printf '\t')
        while IFS="$tab" read -r hex bssid rssi signal freq sec ssid; do
            case $ssid in "Hotel Grand"|"Partner Cafe") printf 'claim=%s\tlow\n' "$hex";; esac
        done
        echo result=success;;
    evaluate) echo result=success; echo confidence=high;;
    *) echo result=failure;;
esac
EOS
daemon_helper login <<'EOS'
[ -z "$HOTSPOT_STATE_DIR" ] || echo "$1 ssid=$HOTSPOT_SSID just=$HOTSPOT_DID_JUST_JOIN" >> "$HOTSPOT_STATE_DIR/calls"
echo result=success
EOS
{ daemon_main evaluation_provider scout authentication_provider login; cat <<EOF_UCI
	list evaluated_ssid 'Partner Cafe'
config helper 'scout'
	option exec '$RADIO_HELPERS/scout'
	list role 'evaluation'
config helper 'login'
	option exec '$RADIO_HELPERS/login'
	list role 'authentication'
EOF_UCI
} | daemon_config
daemon_start "$RADIO_DIR/hotspot.conf"

daemon_wait 'Hotel Grand: authenticated by login' 90 || fail "Hotel Grand not authenticated by login"
expect "grep -q '^evaluate ssid=Hotel Grand' $calls/scout/calls" "the evaluation provider evaluated"
expect "grep -q '^authenticate ssid=Hotel Grand just=1' $calls/login/calls" "the authentication provider authenticated"
expect_no_match "$(daemon_log)" '^helper login: (evaluate|filterScanList)' "login got no evaluation command"
expect_no_match "$(daemon_log)" '^helper scout: (authenticate|presentUI|maintain|logoff)' "scout got no authentication command"

# The first AP goes away; the evaluated SSID is joined and authenticated without evaluation.
daemon_mark
kill "$(cat "$(ap_dir grand)/pid")"
daemon_wait 'Partner Cafe: authenticated by login' 90 || fail "Partner Cafe not authenticated"
expect "daemon_log | grep -q 'Partner Cafe: evaluated SSID: authenticating with login'" "evaluation skipped"
expect_no_match "$(cat $calls/scout/calls)" '^evaluate ssid=Partner Cafe' "no evaluate for the evaluated SSID"
note "evaluation provider scout, authentication provider login; evaluated SSID skipped evaluation"
