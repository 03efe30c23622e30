# luci-owner: the daemon behind the LuCI app's browser test (Tests/luci/run starts it, with a second
# serial port): a hotel portal served over plain http (as most are) that needs a room number and a surname,
# a WPA2 café and an access point
# whose name is HTML. Once the login waits for the owner, the scenario serves commands from the host on
# /dev/ttyS1 (its test server's ubus calls, run here as rpcd runs its plugin) until the host says `quit`;
# then it checks what the clicks did to the portal: exactly one login, with the answers typed in the page.
# radio-manual
# radio-timeout: 240
# radio-arches: x86_64

bridge=/dev/ttyS1
[ -c $bridge ] || fail "no $bridge: run through Tests/luci/run (it adds the second serial port)"
ap_start hotel --ssid "Harbour Hotel Guest" --open --portal
portal_start hotel --title "Harbour Hotel" --login-url http://portal.radio.test/login --room 412 Smith --form-get
ap_start cafe --ssid "Corner Cafe" --psk "espresso-2024" --dhcp
ap_start odd --ssid-hex "$(hexof '<img src=x onerror=pwned=1>')" --open
syslog_start
sta_start
sta_dhcp_on_link
daemon_lobby_helper lobby "Harbour Hotel Guest"
{ daemon_main; daemon_helper_section lobby; daemon_portal_section 'http://probe.radio.test/generate_204'; } | daemon_config
# Where the package's plugin (and `hotspotd` without --config) looks.
mkdir -p /etc/config && ln -sf "$RADIO_DIR/hotspot.conf" /etc/config/hotspot
daemon_start "$RADIO_DIR/hotspot.conf"
v=$(daemon_outcome "Harbour Hotel Guest" 120) || fail "no verdict on the hotel network"
expect_match "$v" "login needs the owner" "uiRequired from the portal helper"

# One request a line: `ID COMMAND_B64 STDIN_B64` ("-" for none); one answer a line:
# `@@BRIDGE ID STATUS STDOUT_B64 STDERR_B64`. Base64 both ways: SSIDs and answers are any bytes.
b64() { base64 | tr -d '\n'; }
exec 3<> $bridge
stty -F $bridge raw -echo 115200 || fail "stty $bridge"
echo "@@BRIDGE READY" >&3
calls=0
while IFS=' ' read -r id cmd input <&3; do
    id=$(printf '%s' "$id" | tr -d '\r')
    [ "$id" = quit ] && break
    [ -n "$cmd" ] || continue
    command=$(printf '%s' "$cmd" | base64 -d)
    if [ "${input:--}" = - ]; then : > "$RADIO_DIR/bridge.in"; else printf '%s' "$input" | base64 -d > "$RADIO_DIR/bridge.in"; fi
    log "bridge $id: $command"
    sh -c "$command" < "$RADIO_DIR/bridge.in" > "$RADIO_DIR/bridge.out" 2> "$RADIO_DIR/bridge.err"
    rc=$?
    echo "@@BRIDGE $id $rc $(b64 < "$RADIO_DIR/bridge.out") $(b64 < "$RADIO_DIR/bridge.err")" >&3
    calls=$((calls + 1))
done
exec 3>&-
[ "$id" = quit ] || fail "the host went away without saying quit ($calls commands served)"
expect_eq "$(portal_logins)" 1 "one login at the portal"
expect_match "$(cat $RADIO_RUN/web/access.log)" "GET http://portal.radio.test/login\?room=412&name=Smith&accept=yes" \
    "the answers typed in the page reached the portal"
note "served $calls commands from the browser test's ubus calls"
