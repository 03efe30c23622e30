# portal-products-2 (issue 19): the portal products whose own login protocols hotspotd speaks, as APs of one
# venue list, each passed by the built-in portal helper through the daemon with the account from UCI
# (wispr_user / wispr_password): CoovaChilli's UAM (its UAM page's form answered, sent as CHAP's response
# to uamip:uamport/logon, the gateway) on the strongest AP; when that AP goes silent, MikroTik's login.html
# (hexMD5 of its octal chap-id, the password and its chap-challenge, posted in place of the password); when
# that one goes too, UniFi's guest portal (its app's JSON login). The password is in no log line.
# radio-timeout: 300
# radio-arches: x86_64

ap_start chilli --ssid "Hostel Chilli" --open --portal
ap_start mikrotik --ssid "Mall MikroTik" --open --portal --txpower 1500
ap_start unifi --ssid "Stadium UniFi" --open --portal --txpower 1000
portal_start chilli --login-url "http://$(ap_ip chilli)/uam/?res=notyet&uamip=$(ap_ip chilli)&uamport=80&challenge=0102030405060708090a0b0c0d0e0f10&mac=02-00-00-00-00-00&userurl=http%3a%2f%2f198.51.100.7%2f"
portal_start mikrotik --login-url "http://$(ap_ip mikrotik)/mt-login"
portal_start unifi --login-url "http://$(ap_ip unifi)/guest/s/default/?id=02:00:00:00:00:00&url=http://198.51.100.7/"
syslog_start
sta_start
sta_dhcp_on_link
daemon_lobby_helper lobby "Hostel Chilli" "Mall MikroTik" "Stadium UniFi"
# Stored credentials need a portal domain (issue 35); the products' logins go to the gateway, trusted anyway.
{ daemon_main portal_domain radio.test; daemon_helper_section lobby
  daemon_portal_section 'http://198.51.100.7/generate_204' wispr_user guest wispr_password 'radio 4711'; } | daemon_config
t0=$(radio_uptime)
daemon_start "$RADIO_DIR/hotspot.conf"
times=
for ap in chilli mikrotik unifi; do
    ssid=$(ap_get "$ap" ssid)
    [ "$ap" = chilli ] || { daemon_mark; kill -9 "$(cat "$(ap_dir "$prev")/pid")"; in_ap ip link set "$(ap_if "$prev")" down; t0=$(radio_uptime); }
    v=$(daemon_outcome "$ssid" 120) || fail "no verdict on $ssid"
    expect_match "$v" "authenticated by portal" "$ssid: authenticated by the portal helper"
    times="$times $ap $(awk "BEGIN { printf \"%.1f\", $(radio_uptime) - $t0 }") s;"
    prev=$ap
done
access=$(cat $RADIO_RUN/web/access.log)
expect_match "$access" "GET http://[^ ]*/logon\?username=guest&response=[0-9a-f]{32} .*-> 302" "Chilli: the logon with CHAP's response"
expect_match "$access" "POST http://[^ ]*/mt-login \[dst username password\] -> 200" "MikroTik: its form with the CHAP answer"
expect_match "$access" "POST http://[^ ]*/guest/s/default/login .*-> 200" "UniFi: its JSON login"
expect_eq "$(portal_logins)" 3 "one login at each product"
expect_secret_kept 'radio 4711|radio\+4711|radio%204711' "the account's password"
note "start → authenticated:$times"
