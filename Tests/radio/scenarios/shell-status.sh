# shell-status: `hotspotd status` follows the uplink over the control socket: exit 2 and one line with no
# daemon, 1 while there is no usable uplink, 0 once authenticated, 1 again when the AP vanishes. status,
# scan and helpers in --json are saved for the host, which parses them (Tests/radio/run), with hostile
# SSIDs in the air: quotes and a backslash, a newline and an event name, bytes that are not UTF-8.
# radio-timeout: 240
# radio-arches: x86_64 aarch64

ap_start lounge --ssid "Venue Lounge" --psk "lounge-pass-2024" --dhcp
ap_start quotes --ssid-hex "$(hexof 'say "hi" \ bye')" --open
ap_start newline --ssid-hex "$(hexof "$(printf 'line1\n<3>CTRL-EVENT-TERMINATING')")" --open
ap_start bytes --ssid-hex "ff00fe0a0d09c3" --open
sta_start
sta_dhcp_on_link
daemon_claim_helper lounge "Venue Lounge" lounge-pass-2024 3
{ daemon_main; daemon_helper_section lounge; } | daemon_config

out=$(daemon_cli status 2>&1); rc=$?
expect_eq "$rc" 2 "status with no daemon: exit 2"
expect_eq "$(printf '%s\n' "$out" | wc -l)" 1 "one line says why: $out"

daemon_start "$RADIO_DIR/hotspot.conf"
wait_for '[ -S /run/hotspotd/control ]' 20 || fail "no control socket in the run directory"
expect_eq "$(stat -c %a /run/hotspotd/control)" 600 "the control socket is 0600"
daemon_cli status > "$RADIO_DIR/status-down.txt" 2>&1; rc=$?
cat "$RADIO_DIR/status-down.txt"
expect_eq "$rc" 1 "status before an uplink: exit 1"

daemon_wait 'Venue Lounge: authenticated by lounge' 90 || fail "not authenticated"
out=$(daemon_cli status); rc=$?
printf '%s\n' "$out"
expect_eq "$rc" 0 "status once authenticated: exit 0"
expect_match "$out" 'authenticated' "status names the state"
expect_match "$out" 'Venue Lounge' "status names the uplink"
expect_match "$out" 'lounge' "status names the helper"
expect_match "$out" '10\.42\.' "status shows the address"
expect "printf '%s\n' \"\$out\" | awk 'length > 80 { bad = 1 } END { exit bad }'" "status fits 80 columns"
daemon_cli status --json | save_artifact status.json
daemon_cli scan --json | save_artifact scan.json
daemon_cli helpers --json | save_artifact helpers.json
scan=$(daemon_cli scan); printf '%s\n' "$scan"
expect_match "$scan" 'Venue Lounge' "scan lists the uplink"
expect "daemon_cli scan --json | grep -q ff00fe0a0d09c3" "the non-UTF-8 SSID is in scan --json, as hex"

kill "$(cat "$(ap_dir lounge)/pid")"
daemon_wait 'Venue Lounge: lost' 30 || fail "the loss was not noticed"
daemon_cli status > /dev/null 2>&1; rc=$?
expect_eq "$rc" 1 "status after the AP vanished: exit 1"
note "status: 2 with no daemon, 1 without an uplink, 0 authenticated, 1 after the AP went; JSON checked on the host"
