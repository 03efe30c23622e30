# portal-by-phone (issue 19): a hotel portal wants a room number and a name, so the portal helper asks the
# owner (presentingUI). The owner passes the portal on a phone behind the router instead: a login POSTed
# from the router's own address (what the venue sees of a phone behind the router's NAT). The daemon's
# check, every 15 s while the login waits, finds the probes getting through and counts the network
# authenticated by the portal helper, without `hotspotd ui submit`. Reports the time to notice.
# radio-timeout: 150
# radio-arches: x86_64

ap_start hotel --ssid "Harbour Hotel Guest" --open --portal
portal_start hotel --title "Harbour Hotel" --room 412 Smith
sta_start
sta_dhcp_on_link
daemon_lobby_helper lobby "Harbour Hotel Guest"
{ daemon_main; daemon_helper_section lobby; daemon_portal_section 'http://probe.radio.test/generate_204'; } | daemon_config
daemon_start "$RADIO_DIR/hotspot.conf"
v=$(daemon_outcome "Harbour Hotel Guest" 90) || fail "no verdict on the network"
expect_match "$v" "login needs the owner" "uiRequired from the portal helper"
daemon_mark
# The phone's login, through the router's NAT: the portal sees the router's address.
http_post "http://$(ap_ip hotel)/login" "room=412&name=Smith&accept=yes" > /dev/null
t0=$(radio_uptime)
expect_eq "$(portal_logins)" 1 "the phone's login was accepted"
daemon_wait 'Harbour Hotel Guest: the portal lets traffic through' 25 || { daemon_log | tail -n 30; fail "the login from the phone was not noticed"; }
t1=$(radio_uptime)
daemon_wait 'Harbour Hotel Guest: authenticated by portal' 5 || fail "not authenticated by the portal helper"
daemon_cli status > /dev/null; expect_eq "$?" 0 "status: usable"
expect_match "$(daemon_cli ui)" "no login is waiting" "the owner is no longer asked"
expect_eq "$(portal_logins)" 1 "hotspotd posted no login of its own"
note "the phone's login noticed in $(awk "BEGIN { printf \"%.1f\", $t1 - $t0 }") s (check every 15 s while the owner is asked)"
