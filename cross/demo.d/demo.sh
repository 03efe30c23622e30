# The guest half of cross/demo (busybox sh, sourced after /radio/lib.sh inside the VM).
# It narrates what hotspotd does: the radios and the scan through its `radio` verbs, then `hotspotd run`,
# the daemon, which chooses the uplink, joins, and fails over to a captive-portal network whose terms
# its built-in portal helper accepts by itself; the demo shows it from hotspotd's own log. No script of
# the demo's own logs in anywhere.

EXTRA=/radio/extra
DLOG=$RADIO_DIR/demo.log          # everything noisy goes here
HLOG=$RADIO_DIR/hotspotd.log      # the daemon's log (stderr with -v)
DONE_BY_HOTSPOTD=""
NOT_YET=""

H() { echo; echo "== $*"; }
say() { echo "   $*"; }
indent() { sed 's/^/     /'; }
did() { DONE_BY_HOTSPOTD="$DONE_BY_HOTSPOTD
   - $*"; }
not_yet() { NOT_YET="$NOT_YET
   - $*"; }
# hs ARGS...: runs hotspotd, output in $HS_OUT, status in $HS_RC; returns 3 when this build does
# not have the subcommand yet.
hs() {
    HS_OUT=$(hotspotd "$@" 2>&1); HS_RC=$?
    echo "\$ hotspotd $* -> $HS_RC" >> "$DLOG"; printf '%s\n' "$HS_OUT" >> "$DLOG"
    case $HS_OUT in
        *"not available in this build"*|*"unknown verb"*|*"unknown subcommand"*|*"has no radio verbs"*) return 3;;
    esac
    return 0
}
# log_since LINE: the daemon's log from line LINE on, without debug lines, SSID passwords never in it.
log_since() { tail -n +"$1" "$HLOG" | grep -v '^debug: ' | indent; }
log_lines() { wc -l < "$HLOG"; }
# log_wait REGEX SECS: waits for a daemon log line matching REGEX.
log_wait() { wait_for "grep -Eq -- '$1' $HLOG" "$2" >> "$DLOG" 2>&1; }

H "The travel router"
say "An emulated $(uname -m) router: Linux $(uname -r) with mac80211_hwsim radios, wpa_supplicant"
say "$(wpa_supplicant -v | sed -n 's/^wpa_supplicant v/v/p'), and the router binary: $(hotspotd version 2>&1) ($(wc -c < /usr/bin/hotspotd) bytes, static)."
mkdir -p /etc/config
cp $EXTRA/hotspot.uci /etc/config/hotspot

H "The hotspots around it (hostapd on simulated radios)"
{
    ap_start hotel --ssid "Hotel Guest" --psk "stay-the-night-42" --dhcp
    ap_start lobby --ssid "Lobby Free WiFi" --open --txpower 1000 --portal
    portal_start lobby --title "Lobby Free WiFi" --wispr
    ap_start neighbour --ssid "Neighbour 5G" --psk "not-yours-at-all" --txpower 500 --dhcp
} >> "$DLOG" 2>&1 || { say "could not start the access points:"; tail -n 20 "$DLOG" | indent; exit 1; }
say "Hotel Guest       WPA2, full power      the owner has its password"
say "Lobby Free WiFi   open, behind a captive portal (accept the terms)"
say "Neighbour 5G      WPA2, weaker          nobody here knows its password"

H "The router's Wi-Fi client"
sta_start >> "$DLOG" 2>&1 || { say "wpa_supplicant did not start"; exit 1; }
sta_dhcp_on_link >> "$DLOG" 2>&1
say "wpa_supplicant runs on wlan0 with its control socket in /run/wpa_supplicant, and a DHCP client"
say "follows the link, as netifd does on OpenWrt. hotspotd's configuration: two networks the owner"
say "knows and hotspotd's own portal helper; no helper script, no login script:"
echo "   \$ cat /etc/config/hotspot"; grep -v '^#' /etc/config/hotspot | grep -v '^\s*#' | indent

H "Wireless interfaces (hotspotd radio probe: nl80211 through libnl)"
if hs radio probe && [ $HS_RC = 0 ]; then
    echo "   \$ hotspotd radio probe"; printf '%s\n' "$HS_OUT" | indent
    did "radio probe: found wlan0 through nl80211"
elif [ $HS_RC = 2 ]; then
    say "(this $(uname -m) build leaves the radio debugging verbs out for flash; iw shows the same)"
    iw dev 2>/dev/null | indent
else
    say "hotspotd radio probe failed (exit $HS_RC):"; printf '%s\n' "$HS_OUT" | indent
fi

H "What the radio hears (hotspotd radio scan)"
sta_scan 2412,2437,2462 >> "$DLOG" 2>&1 && sta_scan 2412,2437,2462 >> "$DLOG" 2>&1
if hs radio scan --interface wlan0 && [ $HS_RC = 0 ]; then
    echo "   \$ hotspotd radio scan"
    printf '%s\n' "$HS_OUT" | awk -F '\t' '{ printf "%-20s %-18s %-5s %-5s %-7s %s\n", $1, $2, $3, $4, $5, $6 }' | indent
    did "radio scan: every BSS with its RSSI and a 0.0-1.0 signal strength from nl80211"
elif [ $HS_RC = 2 ]; then
    say "(no radio verbs in this build: the daemon's own scan follows in 'hotspotd scan' below)"
else
    say "hotspotd radio scan failed (exit $HS_RC):"; printf '%s\n' "$HS_OUT" | indent
fi

H "hotspotd run: the daemon picks the uplink and logs in"
say "procd would start it; here it runs in the background with -v (its log also goes to syslog)."
echo "   \$ hotspotd run --config /etc/config/hotspot -v &"
hotspotd run --config /etc/config/hotspot -v >> "$HLOG" 2>&1 &
echo $! > $RADIO_RUN/hotspotd.pid
if log_wait 'Hotel Guest: authenticated by' 120; then
    say "its log (the network's password never appears in it):"
    log_since 1
    did "run: scanned, chose Hotel Guest (the owner's network, highest priority), joined it (SSID as hex)"
    did "run: learned the DHCP address; the portal helper's probe found the internet open: no login"
else
    say "hotspotd did not get to 'authenticated' on Hotel Guest within 120 s; its log:"
    log_since 1; exit 1
fi
say "associated: $(wpa status | grep -E '^(ssid|bssid|key_mgmt)=' | tr '\n' ' ')"
say "address from the hotel's DHCP server: $(cat /run/radio/sta-ip 2>/dev/null)"
say "wpa_supplicant holds $(wpa list_networks | tail -n +2 | wc -l) network block (hotspotd reuses one)."
if hs radio station --interface wlan0 && [ $HS_RC = 0 ]; then
    echo "   \$ hotspotd radio station"; printf '%s\n' "$HS_OUT" | indent
fi

H "The hotel's access point goes off the air"
mark=$(( $(log_lines) + 1 ))
kill "$(cat "$(ap_dir hotel)/pid")" 2>/dev/null
say "Nobody touches the router: hotspotd sees the link go, scans, and the lobby's open network"
say "becomes the uplink. Its built-in portal helper (hotspotd portal-helper, a process per command)"
say "probes, meets the portal, reads its page (WISPr XML there, but no WISPr account configured), ticks"
say "the terms box, sends the form with its hidden fields and cookies over the uplink, and probes again."
if log_wait 'Lobby Free WiFi: authenticated by portal' 150; then
    log_since "$mark"
    did "run: recovered by itself when the uplink vanished: the next network"
    did "portal helper: logged in through the lobby's captive portal by itself (no script)"
else
    say "hotspotd did not get to 'authenticated' on the lobby network within 150 s; its log:"
    log_since "$mark"; exit 1
fi
echo "   \$ probe http://probe.test/generate_204 (the Internet, past the portal now)"
http_get http://probe.test/generate_204 | grep -E '^HTTP' | indent

H "hotspotd status, from the router's shell (the control socket)"
say "(--config: the demo's run_dir is /run/hotspotd; on a router the defaults find the socket)"
if hs status --config /etc/config/hotspot && [ $HS_RC != 2 ]; then
    echo "   \$ hotspotd status                       (exit $HS_RC: 0 = the uplink is usable)"
    printf '%s\n' "$HS_OUT" | indent
    hs status --json --config /etc/config/hotspot
    echo "   \$ hotspotd status --json"; printf '%s\n' "$HS_OUT" | indent
    hs scan --config /etc/config/hotspot
    echo "   \$ hotspotd scan"; printf '%s\n' "$HS_OUT" | indent
    did "status, status --json and scan: the uplink and the last scan as hotspotd sees them"
else
    echo "   \$ hotspotd status"; printf '%s\n' "$HS_OUT" | indent
    not_yet "status, scan, ui and the other subcommands: the daemon's control socket"
fi

kill "$(cat $RADIO_RUN/hotspotd.pid)" 2>/dev/null
H "What you saw"
say "Done by hotspotd itself:${DONE_BY_HOTSPOTD:- nothing}"
[ -n "$NOT_YET" ] && say "Not in hotspotd yet:$NOT_YET"
true
