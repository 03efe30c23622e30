# uplink-eap: 802.1X uplinks against hostapd's internal EAP server (server.pem of the test CA, for
# radio.test). The owner's own network with PEAP/MSCHAPv2 (`hotspotd join --eap peap … --password-file`) and
# a password with quotes, spaces, a backslash and `#` joins, is kept in the state file, and the password shows
# in no log line nor in status; a configured EAP-TLS network with a client certificate (guest/eap, from a
# CA of its own) joins. Trusting another CA, or a server certificate for another name
# (wrong.pem), is refused: no association completes and status says which check failed.
# radio-timeout: 150
# radio-arches: x86_64

EAP=/radio/eap
PASSWORD='pa"ss wo\rd #1;'

# eap_ap NAME CERT: a WPA2-Enterprise AP "Campus" whose EAP server presents /radio/pki/CERT.pem.
eap_ap() {
    printf '* PEAP,TLS\n"traveller" MSCHAPV2 %s [2]\n' "$(hexof "$PASSWORD")" > "$RADIO_DIR/eap-users"
    ap_start "$1" --ssid Campus --dhcp --conf "wpa=2
wpa_key_mgmt=WPA-EAP
rsn_pairwise=CCMP
ieee8021x=1
eap_server=1
eap_user_file=$RADIO_DIR/eap-users
ca_cert=$EAP/client-ca.pem
server_cert=/radio/pki/$2.pem
private_key=/radio/pki/$2.key"
}

# campus NAME VALUE...: a fresh daemon whose only network is Campus with these EAP options.
campus() {
    daemon_stop
    wpa disconnect > /dev/null  # the block stays: the next join reuses it
    { daemon_main; printf "config helper 'known'\n\toption builtin 'known'\nconfig network 'campus'\n\toption ssid 'Campus'\n"
      while [ $# -ge 2 ]; do printf "\toption %s '%s'\n" "$1" "$2"; shift 2; done; } | daemon_config
    daemon_mark
    daemon_start "$RADIO_DIR/hotspot.conf"
}

# refused WHY: the join fails on the server's certificate, and status says so.
refused() {
    daemon_wait "Campus: wpa_supplicant: server certificate refused: $1" 40 \
        || fail "no certificate refusal ($1)"
    expect_no_match "$(daemon_log | tail -n +$((RADIO_DAEMON_MARK + 1)))" "Campus: authenticated" "not authenticated"
    expect_match "$(daemon_cli status)" "backed off +Campus: server certificate refused: $1" "status says why"
}

eap_ap good server
sta_start
sta_dhcp_on_link
verify="ca_cert $RADIO_CA domain_suffix_match radio.test"

# No network configured: PEAP as the owner's own, its settings through the control socket, the password
# from a file (a command line shows in ps).
daemon_main | daemon_config
daemon_start "$RADIO_DIR/hotspot.conf"
daemon_wait 'started on' 20 || fail "the daemon did not start"
printf '%s\n' "$PASSWORD" > "$RADIO_DIR/password"
t0=$(radio_uptime)
daemon_cli join Campus --eap peap --identity traveller --anonymous-identity anon@radio.test \
    --password-file "$RADIO_DIR/password" --ca-cert "$RADIO_CA" --domain-suffix-match radio.test || fail "join --eap refused"
daemon_wait 'Campus: authenticated by' 40 || fail "PEAP: not joined"
expect_match "$(cat "$RADIO_DIR/hotspotd.state")" "^network 43616d707573 0 - eap0=70656170 " "kept in the state file"
expect_match "$(wpa status)" "selectedMethod=25 \\(EAP-PEAP\\)" "PEAP was the method"
expect_match "$(wpa status)" "key_mgmt=WPA2/IEEE 802.1X/EAP" "WPA2-Enterprise"
hits=$({ daemon_log; daemon_cli status; daemon_cli status --json; } | grep -F -e 'wo\rd' -e "$(hexof "$PASSWORD")")
[ -z "$hits" ] || { printf '%s\n' "$hits"; fail "the password reached the log or status"; }
note "PEAP joined through hotspotd join in $(awk -v a="$t0" -v b="$(radio_uptime)" 'BEGIN { printf "%.1f", b - a }') s"
daemon_cli forget Campus > /dev/null || fail "forget Campus refused"

campus eap tls identity traveller@radio.test client_cert $EAP/client.pem private_key $EAP/client.key $verify
daemon_wait 'Campus: authenticated by known' 40 || fail "EAP-TLS: not joined"
expect_match "$(wpa status)" "selectedMethod=13 \\(EAP-TLS\\)" "EAP-TLS was the method"

campus eap peap identity traveller password "$PASSWORD" ca_cert $EAP/other-ca.pem domain_suffix_match radio.test
refused 'unable to get local issuer certificate'

in_ap kill "$(cat "$(ap_dir good)/pid")"
eap_ap wrongname wrong
campus eap peap identity traveller password "$PASSWORD" $verify
refused 'Domain suffix mismatch'
note "EAP-TLS joined; another CA and a wrong name refused"
