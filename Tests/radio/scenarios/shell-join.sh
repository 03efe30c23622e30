# shell-join: the owner's own networks (NEHotspotConfigurationManager's apply / removeConfiguration /
# getConfiguredSSIDs): `hotspotd join SSID --passphrase-file F` → joined and evaluated like any other;
# joining it again answers "already associated"; `forget` removes it from wpa_supplicant too; a
# `--once` network is forgotten when the router leaves it.
# radio-timeout: 300
# radio-arches: x86_64 aarch64

ap_start home --ssid "Home Base" --psk "home-sweet-home-1" --dhcp
ap_start once --ssid "Cafe Once" --psk "just-this-once-2" --dhcp --txpower 1000
sta_start update_config=1
sta_dhcp_on_link
calls=$RADIO_HELPER_STATE
daemon_helper probe <<'EOS'
[ -z "$HOTSPOT_STATE_DIR" ] || echo "$1 ssid=$HOTSPOT_SSID auto=$HOTSPOT_DID_AUTO_JOIN" >> "$HOTSPOT_STATE_DIR/calls"
case $1 in
    evaluate) echo confidence=low; echo result=success;;
    *) echo result=success;;
esac
EOS
{ daemon_main; daemon_helper_section probe; } | daemon_config
umask 077; printf 'home-sweet-home-1\n' > "$RADIO_DIR/home.pass"; printf 'just-this-once-2\n' > "$RADIO_DIR/once.pass"; umask 022

daemon_start "$RADIO_DIR/hotspot.conf"
wait_for '[ -S /run/hotspotd/control ]' 20 || fail "no control socket"
daemon_cli join "Home Base" --passphrase-file "$RADIO_DIR/home.pass"; rc=$?
expect_eq "$rc" 0 "join accepted"
daemon_wait 'Home Base: authenticated by probe' 90 || fail "Home Base not joined and authenticated"
expect "grep -q '^evaluate ssid=Home Base auto=0' $calls/probe/calls" "evaluated like any other network (owner's join: auto=0)"
expect "daemon_cli networks | grep -q 'Home Base'" "networks lists it"
out=$(daemon_cli join "Home Base" --passphrase-file "$RADIO_DIR/home.pass" 2>&1); rc=$?
expect_match "$out" 'already associated' "joining it again: already associated"
expect "! grep -q 'home-sweet-home-1' $RADIO_DIR/daemon.log" "the passphrase is not in the log"

# --once: joined now, never remembered; when it goes, the router falls back to the remembered network.
daemon_mark
daemon_cli join --ssid-hex "$(hexof 'Cafe Once')" --passphrase-file "$RADIO_DIR/once.pass" --once; rc=$?
expect_eq "$rc" 0 "join --once accepted"
daemon_wait 'Cafe Once: authenticated by probe' 90 || fail "Cafe Once not joined"
nets=$(daemon_cli networks); printf '%s\n' "$nets"
expect_match "$nets" 'Home Base' "networks still lists Home Base"
expect_no_match "$nets" 'Cafe Once' "a --once network is not remembered"
daemon_mark
kill "$(cat "$(ap_dir once)/pid")"
daemon_wait 'Cafe Once: lost' 30 || fail "the loss was not noticed"
daemon_wait 'Home Base: authenticated by probe' 90 || fail "did not fall back to the remembered Home Base"
# The daemon derived Home Base's key after its first join: the fallback gave wpa_supplicant the key (as it
# saves it: 64 hex digits, no quotes), and the 4-way handshake only succeeds when that key is right.
wpa save_config > /dev/null
expect_match "$(sed -n 's/^[[:space:]]*psk=//p' "$RADIO_DIR/wpa_supplicant.conf")" '^[0-9a-f]{64}$' "the fallback re-joined with the derived key"
expect_eq "$(wpa list_networks | tail -n +2 | grep -c 'Cafe Once')" 0 "wpa_supplicant keeps no block for Cafe Once"

daemon_cli forget "Home Base"; rc=$?
expect_eq "$rc" 0 "forget accepted"
wait_for '[ "$(sta_state)" != COMPLETED ]' 20 || fail "still associated after forget"
expect_eq "$(wpa list_networks | tail -n +2 | grep -c 'Home Base')" 0 "wpa_supplicant no longer has it"
expect "! daemon_cli networks | grep -q 'Home Base'" "networks no longer lists it"
note "join with a passphrase file → evaluated, already associated; --once not remembered, fallback when it went; forget removes it"
