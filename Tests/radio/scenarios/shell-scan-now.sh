# shell-scan-now (issue 39): a scan that shows now. Online at a café (no scans while online: the product's
# connected_scan_interval is 600 s), a second access point comes up: `hotspotd scan` still shows the old
# table and says how old it is; `hotspotd scan --now` scans every radio and shows the new network; another
# `--now` within 10 s is refused with the reason; the uplink stays online throughout.
# radio-timeout: 150
# radio-arches: x86_64

ap_start cafe --ssid "Corner Cafe" --psk "cafe-pass-2024" --dhcp
sta_start
sta_dhcp_on_link
{ daemon_main; printf "config network\n\toption ssid 'Corner Cafe'\n\toption key 'cafe-pass-2024'\n"; } | daemon_config
daemon_start "$RADIO_DIR/hotspot.conf"
daemon_wait 'Corner Cafe: authenticated by' 60 || fail "not online at the café"

ap_start lobby --ssid "Harbour Lobby" --open
sleep 3
out=$(daemon_cli scan); printf '%s\n' "$out"
expect_match "$out" "^scanned [0-9]+ s ago" "scan says how old its table is"
expect_no_match "$out" "Harbour Lobby" "the table from before the lobby's AP came up"

t0=$(radio_uptime)
out=$(daemon_cli scan --now); rc=$?; printf '%s\n' "$out"
expect_eq "$rc" 0 "scan --now answered"
expect_match "$out" "Harbour Lobby" "scan --now shows the network that came up since"
expect_match "$out" "^scanned [0-2] s ago" "and its table is fresh"
expect_match "$(daemon_cli status --json)" '"scanned_seconds_ago":[0-9],' "status --json says the scan's age"
note "scan --now answered in $(awk -v a="$t0" -v b="$(radio_uptime)" 'BEGIN { printf "%.1f", b - a }') s with the new network"

out=$(daemon_cli scan --now 2>&1); rc=$?
expect_eq "$rc" 1 "a second scan --now within 10 s: refused"
expect_match "$out" "at most one in 10 s" "with the reason"
expect_match "$(daemon_cli scan --now --json 2>&1)" "at most one in 10 s" "--json: refused the same"
daemon_cli status > /dev/null; expect_eq "$?" 0 "the café uplink stayed online"
