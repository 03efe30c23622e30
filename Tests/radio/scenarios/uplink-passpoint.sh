# uplink-passpoint: a Passpoint (Hotspot 2.0) uplink. hostapd advertises interworking and Hotspot 2.0 with
# an ANQP NAI realm (radio.test: EAP-TTLS/PAP), its domain and OpenRoaming's consortium OI, and runs its
# internal EAP server (server.pem of the test CA). hotspotd has a `config passpoint` credential and no network
# of its own: wpa_supplicant's interworking selects the AP by ANQP and joins it; the daemon takes the
# association as authenticated, status (text and JSON) names the operator, and the password (quotes,
# spaces, a backslash and `#`) shows in no log line nor in status.
# radio-timeout: 90
# radio-arches: x86_64

PASSWORD='pa"ss wo\rd #1;'
printf '* TTLS\n"traveller@radio.test" TTLS-PAP %s [2]\n' "$(hexof "$PASSWORD")" > "$RADIO_DIR/eap-users"
ap_start airport --ssid Airport --dhcp --conf "wpa=2
wpa_key_mgmt=WPA-EAP
rsn_pairwise=CCMP
ieee80211w=1
ieee8021x=1
eap_server=1
eap_user_file=$RADIO_DIR/eap-users
server_cert=/radio/pki/server.pem
private_key=/radio/pki/server.key
interworking=1
access_network_type=2
internet=1
hs20=1
domain_name=radio.test
nai_realm=0,radio.test,21[2:1][5:7]
roaming_consortium=5a03ba0000"
sta_start
sta_dhcp_on_link

{ daemon_main; printf "config helper 'known'\n\toption builtin 'known'\nconfig passpoint\n"
  printf "\toption %s '%s'\n" eap ttls realm radio.test domain radio.test identity traveller@radio.test \
      password "$PASSWORD" ca_cert "$RADIO_CA" domain_suffix_match radio.test
  printf "\tlist roaming_consortium '5a03ba0000'\n"; } | daemon_config
t0=$(radio_uptime)
daemon_start "$RADIO_DIR/hotspot.conf"
daemon_wait 'passpoint: credentials given' 20 || fail "the credential was not given to wpa_supplicant"
daemon_wait 'Airport: authenticated' 60 || fail "not joined by the credential"
expect_match "$(wpa status)" "sp_type=home" "joined by the credential (home operator)"
expect_match "$(wpa status)" "selectedMethod=21 \\(EAP-TTLS\\)" "EAP-TTLS was the method"
expect_match "$(daemon_cli status)" "passpoint +radio.test, home" "status names the operator"
expect_match "$(daemon_cli status --json)" '"passpoint":"radio.test, home"' "status --json names the operator"
hits=$({ daemon_log; daemon_cli status; daemon_cli status --json; } | grep -F -e 'wo\rd' -e "$(hexof "$PASSWORD")")
[ -z "$hits" ] || { printf '%s\n' "$hits"; fail "the password reached the log or status"; }
note "joined by the Passpoint credential in $(awk -v a="$t0" -v b="$(radio_uptime)" 'BEGIN { printf "%.1f", b - a }') s"
