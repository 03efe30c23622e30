# owner-first-run (issue 38): a router owner's first hour, as OpenWrt 24.10 sets a router up. The package's
# /etc/config/hotspot, unedited (option interface 'phy0-sta0', the built-in portal helper on), and hotspotd
# started before the Wi-Fi client interface exists (netifd brings Wi-Fi up after the services start):
#  1. It waits, answering `status` ("waiting for a Wi-Fi client interface"), and neither exits nor spins.
#  2. netifd makes phy0-sta0 and starts its wpa_supplicant → taken within one look (5 s).
#  3. The owner joins the hotel's open network once (`hotspotd join`) → the built-in portal helper, with no
#     helper configured by hand, ticks the terms box and posts the form with its token → online.
#  4. The same file with the name older guides give (`option interface 'wlan0'`, which does not exist here)
#     → the only station interface is taken, status says so, and the hotel is joined again.
# radio-timeout: 240
# radio-arches: x86_64 aarch64

ssid="Harbour Hotel"
iw dev $STA_IF del || fail "could not remove $STA_IF"
rm -f /etc/hotspotd.state /etc/hotspotd.state.key
ap_start lobby --ssid "$ssid" --open --portal
portal_start lobby --title "Harbour Hotel Wi-Fi" --token
# As the package installs it (owner-events and luci-owner put their own files there before).
mkdir -p /etc/config; rm -f /etc/config/hotspot; cp /radio/hotspot.config /etc/config/hotspot
expect_match "$(grep -v '^[[:space:]]*#' /etc/config/hotspot)" "option builtin 'portal'" "the packaged file, portal helper on"

daemon_start /etc/config/hotspot
daemon_wait "waiting for a Wi-Fi client interface" 20 || fail "no word of the missing interface"
expect_match "$(hotspotd status)" "interface +waiting for a Wi-Fi client interface: phy0-sta0 is none" "status: waiting"
sleep 6
kill -0 "$(daemon_pid)" 2>/dev/null || fail "the daemon exited while it waited"
expect_eq "$(daemon_log | grep -c 'waiting for a Wi-Fi client interface')" 1 "said once, not at every look"

# netifd: the client interface and its wpa_supplicant.
t0=$(radio_uptime)
iw phy "$(cat $RADIO_RUN/sta-phy)" interface add phy0-sta0 type managed || fail "iw interface add phy0-sta0"
ip link set phy0-sta0 up
STA_IF=phy0-sta0
sta_start
sta_dhcp_on_link
daemon_wait "started on phy0-sta0" 15 || fail "phy0-sta0 was not taken"
note "phy0-sta0 taken $(awk -v a="$t0" -v b="$(radio_uptime)" 'BEGIN { printf "%.1f", b - a }') s after it appeared"
expect_no_match "$(hotspotd status)" "^interface" "status: no interface note once the configured one is there"

t1=$(radio_uptime)
hotspotd join "$ssid" || fail "hotspotd join refused"
v=$(daemon_outcome "$ssid" 90) || fail "no verdict on $ssid"
expect_match "$v" "authenticated by portal" "logged in by the built-in portal helper"
expect_match "$(http_get http://probe.test/generate_204 | head -n1)" "^HTTP/1\.[01] 204" "online after the login"
expect_eq "$(portal_logins)" 1 "one login (the terms box, the token, the cookie)"
hotspotd status > /dev/null; expect_eq "$?" 0 "status: usable"
note "hotspotd join → authenticated by portal in $(awk -v a="$t1" -v b="$(radio_uptime)" 'BEGIN { printf "%.1f", b - a }') s"

# An older guide's name, which does not exist here.
daemon_stop
sed "s/^\toption interface 'phy0-sta0'/\toption interface 'wlan0'/" /etc/config/hotspot > "$RADIO_DIR/hotspot.conf"
expect_match "$(cat "$RADIO_DIR/hotspot.conf")" "option interface 'wlan0'" "the file names wlan0"
daemon_mark
daemon_start "$RADIO_DIR/hotspot.conf"
daemon_wait "wlan0 is no wireless interface: using phy0-sta0" 15 || fail "the station interface was not found"
expect_match "$(daemon_cli status)" "interface +phy0-sta0, found: wlan0 is no wireless interface" "status says which and why"
v=$(daemon_outcome "$ssid" 90) || fail "no verdict on $ssid after the restart"
expect_match "$v" "authenticated by" "the hotel joined again on the found interface"
daemon_stop
rm -f /etc/hotspotd.state /etc/hotspotd.state.key
