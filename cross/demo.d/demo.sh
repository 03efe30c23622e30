# The guest half of cross/demo (busybox sh, sourced after /radio/lib.sh inside the VM).
# It narrates; each step uses hotspotd where hotspotd can do it and says so plainly when the demo
# has to stand in with standard tools. New hotspotd features add or replace steps here.

EXTRA=/radio/extra
HELPER=$EXTRA/venue-helper
DLOG=$RADIO_DIR/demo.log          # everything noisy goes here
DONE_BY_HOTSPOTD=""
STAND_INS=""

H() { echo; echo "== $*"; }
say() { echo "   $*"; }
indent() { sed 's/^/     /'; }
# show CMD...: prints "$ CMD" and its output, indented.
show() { echo "   \$ $*"; "$@" 2>&1 | indent; }
did() { DONE_BY_HOTSPOTD="$DONE_BY_HOTSPOTD
   - $*"; }
stood_in() { STAND_INS="$STAND_INS
   - $*"; }
# hs ARGS...: runs hotspotd, output in $HS_OUT, status in $HS_RC; returns 3 when this build does
# not have the subcommand yet.
hs() {
    HS_OUT=$(hotspotd "$@" 2>&1); HS_RC=$?
    echo "\$ hotspotd $* -> $HS_RC" >> "$DLOG"; printf '%s\n' "$HS_OUT" >> "$DLOG"
    case $HS_OUT in
        *"not available in this build"*|*"unknown verb"*|*"unknown subcommand"*) return 3;;
    esac
    return 0
}

H "The travel router"
say "An emulated $(uname -m) router: Linux $(uname -r) with mac80211_hwsim radios, wpa_supplicant"
say "$(wpa_supplicant -v | sed -n 's/^wpa_supplicant v/v/p'), and the router binary: $(hotspotd version 2>&1) ($(wc -c < /usr/bin/hotspotd) bytes, static)."
mkdir -p /etc/config; cp $EXTRA/hotspot.uci /etc/config/hotspot

H "The hotspots around it (hostapd on simulated radios)"
{
    ap_start hotel --ssid "Hotel Guest" --psk "stay-the-night-42" --dhcp
    ap_start lobby --ssid "Lobby Free WiFi" --open --txpower 1000 --portal
    portal_start lobby --title "Lobby Free WiFi" --wispr
    ap_start neighbour --ssid "Neighbour 5G" --psk "not-yours-at-all" --txpower 500 --dhcp
} >> "$DLOG" 2>&1 || { say "could not start the access points:"; tail -n 20 "$DLOG" | indent; exit 1; }
say "Hotel Guest       WPA2, full power      password known only to the venue helper"
say "Lobby Free WiFi   open, behind a captive portal (accept the terms)"
say "Neighbour 5G      WPA2, weaker          nobody here knows its password"

H "The router's Wi-Fi client"
sta_start >> "$DLOG" 2>&1 || { say "wpa_supplicant did not start"; exit 1; }
say "wpa_supplicant runs on wlan0 with its control socket in /run/wpa_supplicant, as on OpenWrt."
show cat /etc/config/hotspot

H "Wireless interfaces (hotspotd radio probe: nl80211 through libnl)"
if hs radio probe; then
    echo "   \$ hotspotd radio probe"; printf '%s\n' "$HS_OUT" | indent
    [ $HS_RC = 0 ] && did "radio probe: found wlan0 through nl80211"
else
    say "(this hotspotd has no 'radio probe')"
fi

H "Scanning"
sta_events_start >> "$DLOG" 2>&1
sta_scan 2412,2437,2462 >> "$DLOG" 2>&1 && sta_scan 2412,2437,2462 >> "$DLOG" 2>&1
if hs radio scan --interface wlan0 && [ $HS_RC = 0 ]; then
    echo "   \$ hotspotd radio scan"
    printf '%s\n' "$HS_OUT" | awk -F '\t' '{ printf "%-20s %-18s %-5s %-5s %-7s %s\n", $1, $2, $3, $4, $5, $6 }' | indent
    did "radio scan: every BSS with its RSSI and a 0.0-1.0 signal strength from nl80211"
else
    say "(this hotspotd has no 'radio scan' yet; iw shows what nl80211 reports)"
    echo "   \$ iw dev wlan0 scan dump"
    iw dev wlan0 scan dump | awk '/^BSS/ { b = substr($2, 1, 17) } /signal:/ { s = $2 } /SSID:/ { sub(/^[ \t]*SSID: /, ""); printf "%-20s %s  %s dBm\n", $0, b, s }' | indent
    stood_in "the scan table came from iw (hotspotd radio scan is coming)"
fi

# The scan list for the helper: SSID bytes from the beacon's SSID element (hex), BSSID, RSSI, security.
wpa scan_results | tail -n +2 | while IFS="$(printf '\t')" read -r bssid freq level flags ssid; do
    ie=$(wpa bss "$bssid" | sed -n 's/^ie=//p')
    len=$(printf '%d' 0x$(echo "$ie" | cut -c3-4))
    hexssid=$(echo "$ie" | cut -c5-$((4 + 2 * len)))
    case $flags in *WPA2-PSK*|*WPA-PSK*) sec=personal;; *EAP*) sec=enterprise;; *) sec=open;; esac
    printf '%s\t%s\t%s\t%s\n' "$hexssid" "$bssid" "$level" "$sec"
done > $RADIO_DIR/scanlist

H "The helper's claims (filterScanList)"
if hs helpers && [ $HS_RC = 0 ]; then
    echo "   \$ hotspotd helpers"; printf '%s\n' "$HS_OUT" | indent
else
    say "hotspotd does not run helpers yet, so the demo asks the helper the way hotspotd will:"
    say "one process, the command as its argument, the scan list on stdin."
    stood_in "the helper was run by the demo (hotspotd's helper state machine is coming)"
fi
echo "   \$ venue-helper filterScanList < scan list"
$HELPER filterScanList < $RADIO_DIR/scanlist > $RADIO_DIR/claims
indent < $RADIO_DIR/claims | sed 's/password=.*/password=(hidden)/'
for i in 0 1 2 3; do
    hex=$(sed -n "s/^network\.$i\.ssid_hex=//p" $RADIO_DIR/claims)
    [ -n "$hex" ] || break
    conf=$(sed -n "s/^network\.$i\.confidence=//p" $RADIO_DIR/claims)
    pw=$(sed -n "s/^network\.$i\.password=//p" $RADIO_DIR/claims)
    say "-> claims \"$(unhex "$hex")\" with confidence $conf${pw:+, and supplies its password}"
done
say "Neighbour 5G is not claimed: no helper knows it, so the router leaves it alone."

H "Choosing and joining the uplink"
mkdir -p /run/hotspotd
hotel_hex=$(hexof "Hotel Guest")
hotel_pw=$(sed -n "s/^network\.0\.password=//p" $RADIO_DIR/claims)
say "Best candidate: Hotel Guest (claimed with high confidence and a password, strongest signal)."
umask 077; printf '%s\n' "$hotel_pw" > $RADIO_DIR/hotel.pass; umask 022
hs radio join --interface wlan0 --run-dir /run/hotspotd --ssid-hex "$hotel_hex" \
    --passphrase-file $RADIO_DIR/hotel.pass --timeout 40; joined=$?
if [ $joined = 0 ] && [ $HS_RC = 0 ]; then
    say "hotspotd cannot pick uplinks by itself yet, but it can join one: the demo hands it the helper's"
    say "password in a file (the SSID goes to wpa_supplicant as hex, never quoted):"
    echo "   \$ hotspotd radio join --ssid-hex $hotel_hex --passphrase-file hotel.pass"
    printf '%s\n' "$HS_OUT" | indent
    did "radio join: added the network to wpa_supplicant and waited for the connection"
    stood_in "the choice of Hotel Guest was the demo's (hotspotd's uplink selection is coming)"
else
    [ $joined = 0 ] && { say "hotspotd radio join failed (exit $HS_RC):"; printf '%s\n' "$HS_OUT" | indent; }
    say "hotspotd cannot join networks by itself yet; the demo hands the helper's password to"
    say "wpa_supplicant over its control socket, as hotspotd will (SSID as hex, never quoted):"
    id=$(wpa add_network | tail -n1)
    echo "   \$ wpa_cli set_network $id ssid $hotel_hex ; set_network $id psk \"(helper's)\" ; select_network $id"
    wpa set_network "$id" ssid "$hotel_hex" >> "$DLOG"
    wpa set_network "$id" psk "\"$hotel_pw\"" >> "$DLOG"
    wpa select_network "$id" >> "$DLOG"
    stood_in "the join used wpa_cli (hotspotd's uplink selection and join are coming)"
fi
if wait_for '[ "$(sta_state)" = COMPLETED ]' 30 >> "$DLOG" 2>&1; then
    say "associated: $(wpa status | grep -E '^(ssid|bssid|key_mgmt)=' | tr '\n' ' ')"
else
    say "could not associate with Hotel Guest:"; wpa status | indent; exit 1
fi
sta_dhcp >> "$DLOG" 2>&1 && say "address from the hotel's DHCP server: $(cat /run/radio/sta-ip)"
if hs radio station --interface wlan0 && [ $HS_RC = 0 ]; then
    echo "   \$ hotspotd radio station"; printf '%s\n' "$HS_OUT" | indent
    did "radio station: the link's RSSI from nl80211"
else
    echo "   \$ iw dev wlan0 link"; iw dev wlan0 link | grep -E 'Connected|SSID|signal' | indent
fi

H "Authentication on Hotel Guest (evaluate, authenticate)"
say "The helper probes for a captive portal:"
echo "   \$ venue-helper authenticate"
HOTSPOT_SSID_HEX=$hotel_hex HOTSPOT_SSID="Hotel Guest" $HELPER authenticate | indent
say "No portal in the way: the uplink is usable."

H "Another network: Lobby Free WiFi, behind a captive portal"
wpa disconnect >> "$DLOG"
if hs radio join --interface wlan0 --run-dir /run/hotspotd "Lobby Free WiFi" --open --timeout 40 && [ $HS_RC = 0 ]; then
    echo "   \$ hotspotd radio join \"Lobby Free WiFi\" --open"; printf '%s\n' "$HS_OUT" | indent
else
    lobby=$(sta_add_network --ssid "Lobby Free WiFi" --open)
    wpa select_network "$lobby" >> "$DLOG"
fi
if wait_for '[ "$(sta_state)" = COMPLETED ]' 30 >> "$DLOG" 2>&1 && sta_dhcp >> "$DLOG" 2>&1; then
    say "joined the lobby network (open), address $(cat /run/radio/sta-ip)"
    echo "   \$ probe http://probe.test/generate_204 before login"
    http_get http://probe.test/generate_204 | grep -E '^HTTP|^Location' | indent
    echo "   \$ venue-helper authenticate      (it accepts the portal's terms)"
    HOTSPOT_SSID_HEX=$(hexof "Lobby Free WiFi") HOTSPOT_SSID="Lobby Free WiFi" $HELPER authenticate | indent
    echo "   \$ probe http://probe.test/generate_204 after login"
    http_get http://probe.test/generate_204 | grep -E '^HTTP' | indent
    stood_in "the portal login was run by the demo (hotspotd's authenticate step is coming)"
else
    say "could not join the lobby network"
fi

H "hotspotd status"
if hs status; then
    echo "   \$ hotspotd status"; printf '%s\n' "$HS_OUT" | indent
    did "status: the uplink as hotspotd sees it"
else
    echo "   \$ hotspotd status"; printf '%s\n' "$HS_OUT" | indent
    say "(the daemon and its status command are coming)"
fi

H "What you saw"
say "Done by hotspotd itself:${DONE_BY_HOTSPOTD:- nothing yet}"
[ -n "$STAND_INS" ] && say "Done by the demo with standard tools until hotspotd can:$STAND_INS"
true
