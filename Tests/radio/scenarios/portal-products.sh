# portal-products (issue 19): portal products as APs of one venue list, each passed by the built-in portal
# helper through the daemon with no code of its own: nodogsplash's splash page (a GET form to its
# authaction with tok and redir) on the stronger AP, then, when that AP vanishes, openNDS's
# click-to-continue (welcome, terms, authaction: three GET forms) on the weaker one. The probe URL is an
# IPv4 literal: right after the move, the lease's DNS server may not be the helper's yet. The DHCP client
# lets go of the cafe's lease 3 s late, so the park's association comes while the interface still has it:
# the daemon waits for the park's own lease (a helper given the cafe's address probed nothing and said
# "no portal": authenticated by no helper, once in CI).
# radio-timeout: 240
# radio-arches: x86_64

ap_start cafe --ssid "Cafe Splash" --open --portal
ap_start park --ssid "Park openNDS" --open --portal --txpower 1000
portal_start cafe --login-url "http://$(ap_ip cafe)/splash.html"
portal_start park --login-url "http://$(ap_ip park)/opennds_preauth/?fas=aGlkPTc2YjJk"
sta_start
sta_dhcp_on_link --slow-release 3
daemon_lobby_helper lobby "Cafe Splash" "Park openNDS"
{ daemon_main; daemon_helper_section lobby; daemon_portal_section 'http://198.51.100.7/generate_204'; } | daemon_config
t0=$(radio_uptime)
daemon_start "$RADIO_DIR/hotspot.conf"
v=$(daemon_outcome "Cafe Splash" 120) || fail "no verdict on the nodogsplash AP"
expect_match "$v" "authenticated by portal" "nodogsplash: authenticated by the portal helper"
t1=$(radio_uptime)
expect_match "$(cat $RADIO_RUN/web/access.log)" "GET http://[^ ]*/nodogsplash_auth/\?tok=1-tok&redir=[^ ]* .*-> 302" "nodogsplash: its authaction with tok"

# The cafe's AP goes silent: the daemon moves to the park's.
daemon_mark
kill -9 "$(cat "$(ap_dir cafe)/pid")"
in_ap ip link set "$(ap_if cafe)" down
t2=$(radio_uptime)
v=$(daemon_outcome "Park openNDS" 120) || fail "no verdict on the openNDS AP"
expect_match "$v" "authenticated by portal" "openNDS: authenticated by the portal helper"
t3=$(radio_uptime)
access=$(cat $RADIO_RUN/web/access.log)
expect_match "$access" "GET [^ ]*/opennds_preauth/\?fas=aGlkPTc2YjJk&landing=yes .*-> 200" "openNDS: the welcome page's Continue"
expect_match "$access" "GET [^ ]*/opennds_preauth/\?fas=aGlkPTc2YjJk&tos=accepted .*-> 200" "openNDS: the terms' Continue"
expect_match "$access" "GET [^ ]*/opennds_auth/\?tok=2-tok&redir=[^ ]* .*-> 302" "openNDS: its authaction with tok"
expect_eq "$(portal_logins)" 2 "one login at each product"
note "nodogsplash: start → authenticated in $(awk "BEGIN { printf \"%.1f\", $t1 - $t0 }") s; openNDS: AP gone → authenticated in $(awk "BEGIN { printf \"%.1f\", $t3 - $t2 }") s"
