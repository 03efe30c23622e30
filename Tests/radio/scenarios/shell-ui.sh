# shell-ui: a room-number helper (hotel_room's, asking what examples/helpers/room-portal asks) answers uiRequired → `hotspotd ui` shows
# its fields → `hotspotd ui submit room=… name=…` → presentUI → authenticated. On a second run, `ui cancel`
# → the network is disabled for auto-join, the owner's cancel named as the reason. The network is the
# owner's (a `config network` section, claimed by the built-in `known` helper); only room evaluates it.
# radio-timeout: 300
# radio-arches: x86_64 aarch64

hotel_room

daemon_start "$RADIO_DIR/hotspot.conf"
daemon_wait 'helper room: authenticate' 90 || fail "room never got authenticate"
wait_for "daemon_cli ui | grep -q room" 20 || fail "no login waits"
ui=$(daemon_cli ui); printf '%s\n' "$ui"
expect_match "$ui" 'Room number' "ui shows the room field"
expect_match "$ui" 'Last name' "ui shows the name field"
expect_match "$ui" 'room number and last name' "ui shows the helper's message"
daemon_cli ui --json | save_artifact ui.json
daemon_cli ui submit room=412 name=Smith; rc=$?
expect_eq "$rc" 0 "ui submit accepted"
daemon_wait 'Hotel Harbour: authenticated by room' 60 || fail "not authenticated after ui submit"
daemon_cli status > /dev/null; expect_eq "$?" 0 "status: usable"

daemon_stop
rm -f "$RADIO_DIR/hotspotd.state"
# The daemon starts on the association the first run left: it evaluates it before any scan, with the
# security wpa_supplicant's STATUS reports.
daemon_mark
daemon_start "$RADIO_DIR/hotspot.conf"
daemon_wait 'helper room: authenticate' 90 || fail "room never got authenticate on the second run"
wait_for "daemon_cli ui | grep -q room" 20 || fail "no login waits on the second run"
daemon_cli ui cancel; rc=$?
expect_eq "$rc" 0 "ui cancel accepted"
wait_for "daemon_cli helpers | grep -q 'cancelled'" 20 || fail "helpers does not show the network disabled by the cancel"
daemon_cli status > /dev/null 2>&1; expect_eq "$?" 1 "status after cancel: not usable"
note "uiRequired → ui shows fields → submit → authenticated; second run: cancel → disabled (owner cancelled)"
