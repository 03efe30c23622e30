# shell-logoff: `hotspotd logoff` on an authenticated network → the helper's logoff → the router leaves it
# and does not join it again by itself over several scans; `hotspotd enable SSID` allows it again.
# radio-timeout: 240
# radio-arches: x86_64 aarch64

ap_start lounge --ssid "Venue Lounge" --psk "lounge-pass-2024" --dhcp
sta_start
sta_dhcp_on_link
calls=/tmp/calls
daemon_claim_helper lounge "Venue Lounge" lounge-pass-2024
{ daemon_main; daemon_helper_section lounge; } | daemon_config

out=$(daemon_cli logoff 2>&1); rc=$?
expect_eq "$rc" 2 "logoff with no daemon: exit 2 ($out)"
daemon_start "$RADIO_DIR/hotspot.conf"
daemon_wait 'Venue Lounge: authenticated by lounge' 90 || fail "not authenticated"
daemon_cli logoff; rc=$?
expect_eq "$rc" 0 "logoff accepted"
wait_for "grep -q '^logoff' $calls/lounge" 20 || fail "the helper got no logoff"
daemon_wait 'Venue Lounge: logged off' 20 || fail "no 'logged off' in the log"
wait_for '[ "$(sta_state)" != COMPLETED ]' 20 || fail "still associated after logoff"
joins=$(daemon_count 'Venue Lounge: joining')
usleep 20000000   # four scan intervals
expect_eq "$(daemon_count 'Venue Lounge: joining')" "$joins" "not joined again by itself"
expect_eq "$(wpa status | sed -n 's/^wpa_state=//p' | grep -c COMPLETED)" 0 "not associated"
daemon_cli status > /dev/null 2>&1; rc=$?
expect_eq "$rc" 1 "status after logoff: exit 1"
expect "daemon_cli helpers | grep -q 'logged off'" "helpers says the network is logged off"
out=$(daemon_cli logoff 2>&1); rc=$?
expect_eq "$rc" 1 "a second logoff is refused: $out"

daemon_mark
daemon_cli enable "Venue Lounge"; rc=$?
expect_eq "$rc" 0 "enable accepted"
daemon_wait 'Venue Lounge: authenticated by lounge' 60 || fail "not joined again after enable"
note "logoff → helper logoff → left and not rejoined over 20 s; enable → joined again"
