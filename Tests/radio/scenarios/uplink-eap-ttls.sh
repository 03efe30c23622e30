# uplink-eap-ttls (issue 39): TTLS with MSCHAPv2 inside, as many eduroam sites run it, against hostapd's
# internal EAP server (server.pem of the test CA, for radio.test) that allows only TTLS-MSCHAPV2 inside:
#  1. `hotspotd join Campus --eap ttls-mschapv2 …` with a password of quotes, spaces, a backslash and `#`
#     → joined (EAP-TTLS), kept in the state file as ttls-mschapv2, the password in no log line nor status.
#  2. The same network with `eap ttls` (TTLS/PAP) → the server refuses the inner PAP: not joined, status
#     says the login was refused. So the MSCHAPv2 of step 1 was MSCHAPv2, not PAP the server let through.
#  3. A server that allows only TTLS-PAP → `ttls` joins (the existing method still works beside the new one).
# radio-timeout: 150
# radio-arches: x86_64

PASSWORD='ed"uro am\#1;'

# ttls_ap NAME INNER: a WPA2-Enterprise AP "Campus" whose EAP server takes TTLS with only INNER inside.
ttls_ap() {
    printf '* TTLS\n"traveller" TTLS-%s %s [2]\n' "$2" "$(hexof "$PASSWORD")" > "$RADIO_DIR/eap-users"
    ap_start "$1" --ssid Campus --dhcp --conf "wpa=2
wpa_key_mgmt=WPA-EAP
rsn_pairwise=CCMP
ieee8021x=1
eap_server=1
eap_user_file=$RADIO_DIR/eap-users
server_cert=/radio/pki/server.pem
private_key=/radio/pki/server.key"
}

ttls_ap mschap MSCHAPV2
sta_start
sta_dhcp_on_link
daemon_main | daemon_config
daemon_start "$RADIO_DIR/hotspot.conf"
daemon_wait 'started on' 20 || fail "the daemon did not start"
printf '%s\n' "$PASSWORD" > "$RADIO_DIR/password"
t0=$(radio_uptime)
daemon_cli join Campus --eap ttls-mschapv2 --identity traveller --anonymous-identity anon@radio.test \
    --password-file "$RADIO_DIR/password" --ca-cert "$RADIO_CA" --domain-suffix-match radio.test || fail "join --eap ttls-mschapv2 refused"
daemon_wait 'Campus: authenticated by' 40 || fail "TTLS/MSCHAPv2: not joined"
expect_match "$(wpa status)" "selectedMethod=21 \\(EAP-TTLS\\)" "TTLS was the method"
expect_match "$(cat "$RADIO_DIR/hotspotd.state")" "^network 43616d707573 0 - eap0=$(hexof ttls-mschapv2) " "kept in the state file as ttls-mschapv2"
hits=$({ daemon_log; daemon_cli status; daemon_cli status --json; } | grep -F -e 'uro am' -e "$(hexof "$PASSWORD")")
[ -z "$hits" ] || { printf '%s\n' "$hits"; fail "the password reached the log or status"; }
note "TTLS/MSCHAPv2 joined through hotspotd join in $(awk -v a="$t0" -v b="$(radio_uptime)" 'BEGIN { printf "%.1f", b - a }') s"
daemon_cli forget Campus > /dev/null || fail "forget Campus refused"

# PAP inside, against the MSCHAPv2-only server: refused.
daemon_mark
daemon_cli join Campus --eap ttls --identity traveller --password-file "$RADIO_DIR/password" \
    --ca-cert "$RADIO_CA" --domain-suffix-match radio.test > /dev/null || fail "join --eap ttls refused"
daemon_wait 'Campus: wpa_supplicant: ' 40 || fail "TTLS/PAP against an MSCHAPv2-only server: no failure"
expect_no_match "$(daemon_log | tail -n +$((RADIO_DAEMON_MARK + 1)))" "Campus: authenticated" "PAP inside was refused"
expect_match "$(daemon_cli status)" "backed off +Campus: " "status says why Campus waits"
daemon_cli forget Campus > /dev/null || fail "forget Campus refused"

# A PAP-only server: ttls (PAP) joins.
daemon_stop
in_ap kill "$(cat "$(ap_dir mschap)/pid")"
ttls_ap pap PAP
wpa disconnect > /dev/null
daemon_mark
daemon_start "$RADIO_DIR/hotspot.conf"
daemon_wait 'started on' 20 || fail "the daemon did not start again"
daemon_cli join Campus --eap ttls --identity traveller --password-file "$RADIO_DIR/password" \
    --ca-cert "$RADIO_CA" --domain-suffix-match radio.test > /dev/null || fail "join --eap ttls refused"
daemon_wait 'Campus: authenticated by' 40 || fail "TTLS/PAP: not joined by a PAP server"
note "TTLS/PAP refused by an MSCHAPv2-only server; joined by a PAP-only one"
