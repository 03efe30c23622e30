# Guest-side library of the radio harness (busybox sh). Sourced by /init and by every scenario.
#
# Layout after radio_reset:
#   wlan0            the router's client radio (root network namespace)
#   netns "ap"       RADIO_RADIOS-1 more hwsim radios, one per access point (ap_start picks the next)
#   AP number n      interface wlan<n> in netns ap, address 10.42.<n>.1/24, clients get 10.42.<n>.100+
# Everything a scenario starts logs into $RADIO_DIR (the scenario's directory); on failure the harness
# prints the tail of those logs.

RADIO_RADIOS=${RADIO_RADIOS:-6}
RADIO_RUN=/run/radio
STA_IF=wlan0
WPA_CTRL=/run/wpa_supplicant
HOSTAPD_CTRL=/run/hostapd
# Names that resolve (through /etc/hosts, and the AP side's DNS) to an address behind every AP: the AP side
# answers any destination address (see web_start), so these reach the AP's web server / captive portal.
# The AP side's DNS also answers every name under radio.test with this address (guest/dns.sh).
RADIO_WEB_IP=198.51.100.80
RADIO_WEB_NAMES="portal.test probe.test captive.apple.com connectivitycheck.gstatic.com connectivity-check.ubuntu.com detectportal.firefox.com www.msftconnecttest.com"
# The test CA (host.sh radio_pki) whose certificates the AP side's https serves: `option ca_bundle`.
RADIO_CA=/radio/pki/ca.pem

# ---------------------------------------------------------------- small helpers

radio_uptime() { cut -d' ' -f1 /proc/uptime; }
log() { echo "[$(radio_uptime)] $*"; }
# note TEXT: a line the host prints under the scenario's PASS/FAIL line.
note() { echo "$*" >> "$RADIO_DIR/notes"; log "note: $*"; }
fail() { echo "[$(radio_uptime)] FAIL: $*"; exit 1; }

# wait_for 'CMD' TIMEOUT_SECONDS: polls CMD (a shell string) every 0.2 s until it succeeds.
wait_for() {
    local cmd=$1 limit=${2:-10} start now
    start=$(radio_uptime)
    while :; do
        if eval "$cmd" >/dev/null 2>&1; then return 0; fi
        now=$(radio_uptime)
        if awk -v a="$start" -v b="$now" -v l="$limit" 'BEGIN { exit !(b - a >= l) }'; then
            log "wait_for: gave up after ${limit}s: $cmd"
            return 1
        fi
        usleep 200000
    done
}

# expect 'CMD' [WHAT]: CMD must succeed; its output goes to the log.
expect() {
    local out rc
    out=$(eval "$1" 2>&1); rc=$?
    [ -n "$out" ] && printf '%s\n' "$out"
    [ $rc -eq 0 ] || fail "${2:-$1} (exit $rc)"
    log "ok: ${2:-$1}"
}

# expect_match TEXT EXTENDED_REGEX [WHAT]
expect_match() {
    if printf '%s\n' "$1" | grep -Eq -- "$2"; then log "ok: ${3:-matches /$2/}"; return 0; fi
    printf '%s\n' "--- text:" "$1" "---"
    fail "${3:-text does not match /$2/}"
}

# expect_no_match TEXT EXTENDED_REGEX [WHAT]
expect_no_match() {
    if printf '%s\n' "$1" | grep -Eq -- "$2"; then
        printf '%s\n' "--- text:" "$1" "---"; fail "${3:-text matches /$2/}"
    fi
    log "ok: ${3:-does not match /$2/}"
}

# expect_eq A B [WHAT]
expect_eq() {
    [ "$1" = "$2" ] || fail "${3:-values differ}: '$1' != '$2'"
    log "ok: ${3:-equal}: '$1'"
}

# expect_lt A B [WHAT]: numeric A < B (decimals allowed).
expect_lt() {
    awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 < b + 0) }' || fail "${3:-expected $1 < $2}: $1 is not below $2"
    log "ok: ${3:-$1 < $2}"
}

# urlencode STRING: form-encoded as in a URL's query (bytes other than A-Z a-z 0-9 - . _ ~ as %XX; a space %20).
urlencode() {
    local h
    for h in $(printf '%s' "$1" | od -An -v -tx1); do
        case $h in
            3[0-9]|4[1-9a-f]|5[0-9a]|6[1-9a-f]|7[0-9a]|2d|2e|5f|7e) printf "\\$(printf '%03o' 0x$h)";;
            *) printf '%%%s' "$(echo $h | tr a-f A-F)";;
        esac
    done
}
# hexof STRING: lower-case hex of the bytes.
hexof() { printf '%s' "$1" | od -An -v -tx1 | tr -d ' \n'; }
# unhex HEX: the bytes.
unhex() { printf '%s' "$1" | sed 's/../\\x&/g' | xargs -0 printf '%b'; }

# save_artifact NAME [FILE]: FILE (or stdin) is sent to the host after the scenario.
save_artifact() {
    mkdir -p "$RADIO_DIR/artifacts"
    if [ -n "${2:-}" ]; then cp "$2" "$RADIO_DIR/artifacts/$1"; else cat > "$RADIO_DIR/artifacts/$1"; fi
}

# busybox sh runs its own applets before PATH; its `ip` has no netns, so call iproute2's by path.
ip() { /usr/sbin/ip "$@"; }
in_ap() { /usr/sbin/ip netns exec ap "$@"; }

# ---------------------------------------------------------------- radios

# Kills every user process but init and its callers, so each scenario starts clean.
radio_kill_all() {
    local sig pid keep=" 1 $$ $PPID "
    for sig in TERM KILL; do
        for pid in $(ls /proc | grep '^[0-9]*$'); do
            case $keep in *" $pid "*) continue;; esac
            # Kernel threads have no executable. (Not `-s cmdline`: /proc files have size 0, so that
            # test skipped every process and left each scenario's daemons to the next one.)
            [ -e /proc/$pid/exe ] || continue
            kill -$sig $pid 2>/dev/null
        done
        [ $sig = TERM ] && usleep 300000
    done
}

radio_reset() {
    radio_kill_all
    ip netns del ap 2>/dev/null
    modprobe -r mac80211_hwsim 2>/dev/null
    rm -rf $RADIO_RUN $WPA_CTRL $HOSTAPD_CTRL /tmp/resolv.conf.d /run/hotspotd/captive-api.* /run/hotspotd-helpers
    : > /etc/resolv.conf
    ip link del radio-vpn 2>/dev/null
    mkdir -p $RADIO_RUN/ap $RADIO_RUN/web $WPA_CTRL $HOSTAPD_CTRL
    [ -f /etc/hosts.base ] || cp /etc/hosts /etc/hosts.base
    cp /etc/hosts.base /etc/hosts
    echo "$RADIO_WEB_IP $RADIO_WEB_NAMES" >> /etc/hosts
    modprobe mac80211_hwsim radios=$RADIO_RADIOS support_p2p_device=0 || { echo "modprobe mac80211_hwsim failed"; return 1; }
    local i=0 phys
    while [ $i -lt 50 ]; do
        phys=$(ls /sys/class/ieee80211 2>/dev/null | sed 's/^phy//' | sort -n)
        [ $(echo $phys | wc -w) -ge $RADIO_RADIOS ] && break
        usleep 100000; i=$((i + 1))
    done
    ip netns add ap
    ip -n ap link set lo up
    local p first=1 n=0 ifname
    : > $RADIO_RUN/ap-free
    for p in $phys; do
        ifname=$(ls /sys/class/ieee80211/phy$p/device/net 2>/dev/null | head -n1)
        if [ $first = 1 ]; then
            first=0; STA_PHY=phy$p
            [ "$ifname" = "$STA_IF" ] || ip link set "$ifname" name $STA_IF
            echo "phy$p" > $RADIO_RUN/sta-phy
            continue
        fi
        n=$((n + 1))
        iw phy phy$p set netns name /run/netns/ap
        echo "$n $ifname phy$p" >> $RADIO_RUN/ap-free
    done
    ip link set $STA_IF up
}

# ---------------------------------------------------------------- access points

ap_dir() { echo "$RADIO_RUN/ap/$1"; }
ap_get() { cat "$RADIO_RUN/ap/$1/$2" 2>/dev/null; }
ap_if() { ap_get "$1" if; }
ap_ip() { ap_get "$1" ip; }
ap_bssid() { ap_get "$1" bssid; }
ap_freq() { ap_get "$1" freq; }
ap_ssid() { ap_get "$1" ssid; }
ap_ssid_hex() { ap_get "$1" ssid_hex; }
ap_psk() { ap_get "$1" psk; }

# ap_start NAME --ssid S|--ssid-hex HEX  --psk P|--open  [--txpower mBm] [--channel N] [--dhcp] [--portal]
#          [--captive-api URI]
# One hostapd per AP, each on its own hwsim radio in netns "ap". --txpower lowers the radio's power
# (hwsim reports about -30 dBm at full power, -45 dBm at 500 mBm). --captive-api: the DHCP server
# announces URI as the RFC 8908 captive-portal API (DHCPv4 option 114; implies --dhcp).
ap_start() {
    local name=$1; shift
    local ssid_hex="" psk="" open=0 txpower="" channel="" dhcp=0 portal=0 api="" extra=""
    while [ $# -gt 0 ]; do
        case $1 in
            --ssid) ssid_hex=$(hexof "$2"); shift 2;;
            --ssid-hex) ssid_hex=$2; shift 2;;
            --psk) psk=$2; shift 2;;
            --open) open=1; shift;;
            --txpower) txpower=$2; shift 2;;
            --channel) channel=$2; shift 2;;
            --dhcp) dhcp=1; shift;;
            --portal) portal=1; dhcp=1; shift;;
            --captive-api) api=$2; dhcp=1; shift 2;;
            --conf) extra=$2; shift 2;;
            *) fail "ap_start: unknown option $1";;
        esac
    done
    [ -n "$ssid_hex" ] || fail "ap_start $name: --ssid or --ssid-hex needed"
    [ -n "$psk" ] || [ $open = 1 ] || [ -n "$extra" ] || fail "ap_start $name: --psk, --open or --conf needed"
    local slot n ifname phy
    slot=$(head -n1 $RADIO_RUN/ap-free)
    [ -n "$slot" ] || fail "ap_start $name: no free radio (RADIO_RADIOS=$RADIO_RADIOS)"
    sed -i 1d $RADIO_RUN/ap-free
    set -- $slot; n=$1; ifname=$2; phy=$3
    [ -n "$channel" ] || channel=$(echo "1 6 11 1 6 11 1 6 11" | cut -d' ' -f$n)
    local d; d=$(ap_dir "$name"); mkdir -p "$d"
    echo "$ifname" > "$d/if"; echo "$n" > "$d/n"; echo "10.42.$n.1" > "$d/ip"
    echo "$ssid_hex" > "$d/ssid_hex"; unhex "$ssid_hex" > "$d/ssid"; printf '%s' "$psk" > "$d/psk"
    echo "$channel" > "$d/channel"; echo $((2407 + 5 * channel)) > "$d/freq"
    [ -n "$api" ] && printf '%s' "$api" > "$d/captive_api"
    local conf=$RADIO_DIR/hostapd-$name.conf
    {
        echo "interface=$ifname"
        echo "driver=nl80211"
        echo "ctrl_interface=$HOSTAPD_CTRL"
        echo "ssid2=$ssid_hex"
        echo "hw_mode=g"
        echo "channel=$channel"
        echo "ignore_broadcast_ssid=0"
        if [ -n "$psk" ]; then
            echo "wpa=2"
            echo "wpa_key_mgmt=WPA-PSK"
            echo "rsn_pairwise=CCMP"
            echo "wpa_passphrase=$psk"
        fi
        # --conf LINES: hostapd options of the scenario's own (802.1X, Hotspot 2.0), one per line.
        [ -z "$extra" ] || printf '%s\n' "$extra"
    } > "$conf"
    in_ap hostapd -B -t -P "$d/pid" -f "$RADIO_DIR/hostapd-$name.log" "$conf" \
        || fail "ap_start $name: hostapd did not start"
    wait_for "hostapd_cli -p $HOSTAPD_CTRL -i $ifname status | grep -q state=ENABLED" 15 \
        || fail "ap_start $name: hostapd not ENABLED"
    in_ap ip link show "$ifname" | awk '/link\/ether/ { print $2 }' > "$d/bssid"
    if [ -n "$txpower" ]; then
        in_ap iw dev "$ifname" set txpower fixed "$txpower" || fail "ap_start $name: txpower $txpower"
    fi
    in_ap ip addr add "10.42.$n.1/24" dev "$ifname"
    log "AP $name: $(cat "$d/ssid") on $ifname ($phy) channel $channel bssid $(cat "$d/bssid") $( [ $open = 1 ] && echo open || echo wpa2-psk ) ${txpower:+txpower $txpower mBm}"
    [ $dhcp = 1 ] && dhcp_start "$name"
    [ $portal = 1 ] && portal_start "$name"
    return 0
}

# dhcp_start NAME: busybox udhcpd on the AP (10.42.n.100-199, router and DNS 10.42.n.1, option 114 when
# ap_start had --captive-api), and the AP side's web and DNS servers (web_start).
dhcp_start() {
    local name=$1 d n ifname
    d=$(ap_dir "$name"); n=$(cat "$d/n"); ifname=$(cat "$d/if")
    local conf=$RADIO_DIR/udhcpd-$name.conf
    cat > "$conf" <<EOF_DHCP
start 10.42.$n.100
end 10.42.$n.199
interface $ifname
lease_file $d/udhcpd.leases
pidfile $d/udhcpd.pid
opt subnet 255.255.255.0
opt router 10.42.$n.1
opt dns 10.42.$n.1
opt lease 3600
EOF_DHCP
    # busybox udhcpd takes an option it has no name for as a number and a hex string (sent whether or
    # not the client asks for it; udhcpc hands it to its script as $opt114, in hex).
    [ -f "$d/captive_api" ] && echo "opt 114 $(hexof "$(cat "$d/captive_api")")" >> "$conf"
    touch "$d/udhcpd.leases"
    in_ap udhcpd -f "$conf" > "$RADIO_DIR/udhcpd-$name.log" 2>&1 &
    web_start "$name"
}

# web_start NAME: packets for ANY address reaching the AP namespace are delivered locally, and one set of
# servers answers for every AP of the namespace (each request finds its AP by the client's address):
#   port 80   http: busybox nc + /radio/portal.cgi
#   port 443  https: socat OPENSSL-LISTEN + portal.cgi, certificate for *.radio.test from RADIO_CA
#   port 8443 https with a certificate for elsewhere.invalid (same CA): the wrong name for every host
#   port 8444 https with a certificate for the right names that expired a year ago (same CA)
#   port 1000 http: busybox nc + portal.cgi with RADIO_PORT=1000 (FortiGate's captive portal port)
#   port 9997 https: socat + portal.cgi with RADIO_PORT=9997, the *.radio.test certificate (Ruckus
#             SmartZone's hotspot login)
#   port 53   DNS (udp): socat + /radio/dns.sh (A records for *.radio.test and RADIO_WEB_NAMES)
# Logs: web-access.log (every request and its status), dns.log (every question), web.log (errors).
web_start() {
    local name=$1 ifname n
    ifname=$(ap_if "$name"); n=$(ap_get "$name" n)
    mkdir -p $RADIO_RUN/web/$n/authed
    # Every address outside 10.42/16 is local in the AP namespace ("AnyIP" in the local table,
    # which the kernel also consults to accept such a source address for the replies).
    in_ap ip route add local 0.0.0.0/0 dev lo table local 2>/dev/null
    in_ap ip route add throw 10.42.0.0/16 table local 2>/dev/null
    if [ ! -f $RADIO_RUN/web/pid ]; then
        in_ap nc -ll -p 80 -e /radio/portal.cgi >> "$RADIO_DIR/web.log" 2>&1 &
        echo $! > $RADIO_RUN/web/pid
        in_ap env RADIO_PORT=1000 nc -ll -p 1000 -e /radio/portal.cgi >> "$RADIO_DIR/web.log" 2>&1 &
        # socat -t: how long it waits for the answer once the client's side has ended (a TLS client's
        # close_notify after its request; the one datagram of a DNS query). Its default, 0.5 s, is
        # shorter than portal.cgi or dns.sh may take under TCG: the answer would be lost.
        local tls="fork,reuseaddr,verify=0"
        in_ap env RADIO_SCHEME=https socat -t 30 "OPENSSL-LISTEN:443,$tls,cert=/radio/pki/server.pem,key=/radio/pki/server.key" \
            EXEC:/radio/portal.cgi >> "$RADIO_DIR/web.log" 2>&1 &
        in_ap env RADIO_SCHEME=https RADIO_PORT=9997 socat -t 30 "OPENSSL-LISTEN:9997,$tls,cert=/radio/pki/server.pem,key=/radio/pki/server.key" \
            EXEC:/radio/portal.cgi >> "$RADIO_DIR/web.log" 2>&1 &
        in_ap env RADIO_SCHEME=https socat -t 30 "OPENSSL-LISTEN:8443,$tls,cert=/radio/pki/wrong.pem,key=/radio/pki/wrong.key" \
            EXEC:/radio/portal.cgi >> "$RADIO_DIR/web.log" 2>&1 &
        in_ap env RADIO_SCHEME=https socat -t 30 "OPENSSL-LISTEN:8444,$tls,cert=/radio/pki/expired.pem,key=/radio/pki/expired.key" \
            EXEC:/radio/portal.cgi >> "$RADIO_DIR/web.log" 2>&1 &
        in_ap env RADIO_DNS_NAMES="$RADIO_WEB_NAMES" socat -t 5 UDP4-RECVFROM:53,fork EXEC:/radio/dns.sh >> "$RADIO_DIR/web.log" 2>&1 &
        ln -sf $RADIO_RUN/web/access.log "$RADIO_DIR/web-access.log"
        ln -sf $RADIO_RUN/web/dns.log "$RADIO_DIR/dns.log"
        wait_for "in_ap netstat -ltn | grep -q ':443 '" 10 || fail "web_start: no https listener"
        wait_for "in_ap netstat -ltn | grep -q ':9997 '" 10 || fail "web_start: no https listener on 9997"
        wait_for "in_ap netstat -ltn | grep -q ':1000 '" 10 || fail "web_start: no http listener on 1000"
    fi
}

# portal_start NAME [OPTION...]: the AP becomes a captive portal (portal.cgi): every HTTP(S) request is
# redirected to the login URL until the client's address has logged in with POST /login (accept=yes, and
# code=CODE when one is set; WISPr UserName/Password also work, with the password as the code).
# /generate_204 answers 204 and /hotspot-detect.html "Success" only after login. POST or GET /logout logs
# the address out again. Called again, it replaces the options (the logins stay). Options:
#   --code CODE            the form also wants this access code
#   --title TEXT           the login page's title
#   --login-url URL        where the portal sends the client (default http://10.42.n.1/login); e.g.
#                          https://portal.radio.test/login, or a /hostile/... endpoint (portal.cgi)
#   --token                the page sets a cookie and carries a hidden token (and a newsletter box); a
#                          login needs the token and the cookie back
#   --room ROOM NAME       the form asks for a room number and a last name; a login needs these two
#   --form-get             the login form is a GET (its fields in the URL's query), as some portals' are
#   --wispr [LOGIN_URL]    WISPr 1.0 Redirect XML in the login page (LoginURL: LOGIN_URL, e.g.
#                          https://portal.radio.test/wispr-login, else the login URL)
#   --wispr-user U --wispr-password P   what POST /wispr-login wants (else any user, the code)
#   --wispr-pending        /wispr-login answers 201 (LoginResultsURL, Delay 1); the poll then logs in (50)
#   --wispr-broken         /wispr-login answers XML cut off in mid-element
#   --session SECS         a login lasts SECS seconds (/captive-api shows seconds-remaining)
#   --steps form|link      three steps: an interstitial (a Continue button, or a link that accepts) before
#                          the form, then a "please wait" page refreshing to /activate, which logs in
#   (a hotel stay, issue 37: portal-stay)
#   --csrf                 each load of the form page issues a new token (hidden csrf) and session cookie
#                          (seeblick_sid); a login needs the last page's token and its cookie, each token once
#   --plans                radio buttons "plan": premium (paid) listed first, free after it and checked; a
#                          login needs plan=free
#   --refusal TEXT         the portal's words when --room's answers do not match
#   --garden "HOST..."     a walled garden: these host names get the internet's answers before the login
#   --record               login bodies as sent on their access.log lines ("sent: BODY"); every request of
#                          this AP's clients, with the uptime, and each login's session end in
#                          $RADIO_RUN/web/n/requests; the room and name each login request carried, decoded,
#                          in $RADIO_RUN/web/n/answers (a look-alike that received nothing has none)
#   Venue products (portal.cgi's "products 3"; the account is guest / "radio 4711"). Each sets the login URL
#   (unless --login-url is given too) to the product's redirect; in it @IP@ and @MAC@ are the client's address
#   and MAC (portal.cgi fills them in per request); GW is 10.42.n.1, BSSID the AP's MAC, SSID form-encoded:
#   --cisco consent|webauth  Cisco WLC web-auth: http://GW/fs/customwebauth/login.html?switch_url=http://GW/
#                          login.html&ap_mac=BSSID&client_mac=@MAC@&wlan=SSID&redirect=198.51.100.7/
#                          (consent: no typed fields; webauth: username and password)
#   --meraki click|signon  Cisco Meraki splash: http://GW/splash/?mac=@MAC@&client_ip=@IP@&client_mac=@MAC@&
#                          node_mac=BSSID&base_grant_url=http%3A%2F%2FGW%2Fsplash%2Fgrant&user_continue_url=…&
#                          continue_url=http%3A%2F%2F198.51.100.7%2F (signon: &login_url=http%3A%2F%2FGW%2F
#                          splash%2Flogin%3Fmauth%3DMA1 too)
#   --fortinet             FortiGate: http://GW:1000/fgtauth?0123456789abcdef (disclaimer, then login)
#   --aruba                Aruba: http://GW/cgi-bin/login?cmd=login&mac=@MAC@&ip=@IP@&essid=SSID&apname=ap-n&
#                          apgroup=default&url=http%3A%2F%2F198.51.100.7%2F
#   --ruckus               Ruckus SmartZone: https://portal.radio.test/ruckus/login.html?sip=portal.radio.test&
#                          mac=BSSID&client_mac=@MAC@&uip=@IP@&url=http%3A%2F%2F198.51.100.7%2F&ssid=SSID
#   --unifi voucher|password  UniFi's guest portal with a voucher (12345-67890) or a password ("radio 4711"):
#                          http://GW/guest/s/default/?id=@MAC@&ap=BSSID&t=SECS&url=http://198.51.100.7%2F&
#                          ssid=SSID; its /guest/s/default/hotspotconfig says the mode (without --unifi: the
#                          terms-only portal, auth "none", where POST …/login of {} logs in)
#   --omada voucher|user   TP-Link Omada's portal with a voucher (12345-67890; authType 11, the hotspot, of
#                          vouchers) or a local user (guest / "radio 4711"; authType 5): http://GW/portal?
#                          clientMac=@MAC@&apMac=BSSID&ssidName=SSID&radioId=1&originUrl=http%3A%2F%2F198.51.100.7%2F
portal_start() {
    local name=$1; shift
    local n; n=$(ap_get "$name" n)
    [ -n "$n" ] || fail "portal_start: no AP $name"
    [ -f "$(ap_dir "$name")/udhcpd.pid" ] || [ -d $RADIO_RUN/web/$n ] || dhcp_start "$name"
    local w=$RADIO_RUN/web/$n
    mkdir -p $w/authed
    ( cd $w && rm -f code title login_url token room form_get wispr wispr_user wispr_password wispr_pending wispr_reply session steps \
        csrf plans refusal record garden product )
    local product= gw=10.42.$n.1 bssid ssid
    bssid=$(ap_bssid "$name"); ssid=$(urlencode "$(ap_ssid "$name")")
    while [ $# -gt 0 ]; do
        case $1 in
            --code) printf '%s' "$2" > $w/code; shift 2;;
            --title) printf '%s' "$2" > $w/title; shift 2;;
            --login-url) printf '%s' "$2" > $w/login_url; shift 2;;
            --token) echo "tok$n-$$-$(cut -d' ' -f1 /proc/uptime | tr -d .)" > $w/token; shift;;
            --room) echo "$2 $3" > $w/room; shift 3;;
            --form-get) : > $w/form_get; shift;;
            --wispr)
                shift; : > $w/wispr
                case ${1:-} in http://*|https://*) printf '%s' "$1" > $w/wispr; shift;; esac;;
            --wispr-user) printf '%s' "$2" > $w/wispr_user; shift 2;;
            --wispr-password) printf '%s' "$2" > $w/wispr_password; shift 2;;
            --wispr-pending) : > $w/wispr_pending; shift;;
            --wispr-broken) echo broken > $w/wispr_reply; shift;;
            --session) echo "$2" > $w/session; shift 2;;
            --steps) printf '%s' "$2" > $w/steps; shift 2;;
            --csrf) : > $w/csrf; shift;;
            --plans) : > $w/plans; shift;;
            --refusal) printf '%s' "$2" > $w/refusal; shift 2;;
            --record) : > $w/record; shift;;
            --garden) printf '%s\n' $2 > $w/garden; shift 2;;
            --cisco|--meraki|--unifi|--omada)
                case "${1#--} $2" in
                    "cisco consent"|"cisco webauth"|"meraki click"|"meraki signon"|"unifi voucher"|"unifi password"|"omada voucher"|"omada user") ;;
                    *) fail "portal_start: $1 $2: no such mode";;
                esac
                product="${1#--} $2"; shift 2;;
            --fortinet|--aruba|--ruckus) product=${1#--}; shift;;
            *) fail "portal_start: unknown option $1";;
        esac
    done
    if [ -n "$product" ]; then
        printf '%s' "$product" > $w/product
        local cont=http%3A%2F%2F198.51.100.7%2F url
        case $product in
            cisco*) url="http://$gw/fs/customwebauth/login.html?switch_url=http://$gw/login.html&ap_mac=$bssid&client_mac=@MAC@&wlan=$ssid&redirect=198.51.100.7/";;
            meraki*)
                url="http://$gw/splash/?mac=@MAC@&client_ip=@IP@&client_mac=@MAC@&node_mac=$bssid&base_grant_url=http%3A%2F%2F$gw%2Fsplash%2Fgrant&user_continue_url=$cont&continue_url=$cont"
                [ "$product" = "meraki signon" ] && url="$url&login_url=http%3A%2F%2F$gw%2Fsplash%2Flogin%3Fmauth%3DMA1";;
            fortinet) url="http://$gw:1000/fgtauth?0123456789abcdef";;
            aruba) url="http://$gw/cgi-bin/login?cmd=login&mac=@MAC@&ip=@IP@&essid=$ssid&apname=ap-$n&apgroup=default&url=$cont";;
            ruckus) url="https://portal.radio.test/ruckus/login.html?sip=portal.radio.test&mac=$bssid&client_mac=@MAC@&uip=@IP@&url=$cont&ssid=$ssid";;
            omada*) url="http://$gw/portal?clientMac=@MAC@&apMac=$bssid&ssidName=$ssid&radioId=1&originUrl=$cont";;
            unifi*) url="http://$gw/guest/s/default/?id=@MAC@&ap=$bssid&t=$(cut -d. -f1 /proc/uptime)&url=http://198.51.100.7%2F&ssid=$ssid";;
        esac
        [ -f $w/login_url ] || printf '%s' "$url" > $w/login_url
    fi
    echo "$name" > $w/portal
    log "portal on AP $name${product:+ ($product)} ($(cat $w/login_url 2>/dev/null || echo "http://10.42.$n.1/login"))"
}

# ap_internet NAME on|off|dead: the AP's own uplink works (the default) or is dead, as behind a cafe whose DSL
# line is down: DHCP and the AP's address still answer, every other destination from its clients is
# unreachable (ICMP at once, so checks fail fast) and its DNS answers NXDOMAIN. `dead`: the same, but packets
# vanish with no error back and DNS stays silent (upstream dead beyond the venue's gateway). Can be switched later.
ap_internet() {
    local ifname n; ifname=$(ap_if "$1"); n=$(ap_get "$1" n)
    # The local table (AnyIP) moves behind per-AP rules: pref 0 cannot have rules before it.
    if in_ap ip rule show | grep -q '^0:'; then
        in_ap ip rule add pref 100 lookup local && in_ap ip rule del pref 0
    fi
    in_ap ip rule del pref $((10 + n)) 2>/dev/null; in_ap ip rule del pref $((20 + n)) 2>/dev/null
    rm -f $RADIO_RUN/web/$n/dns-mode
    if [ "$2" = off ]; then
        in_ap ip rule add pref $((10 + n)) iif "$ifname" to 10.42.0.0/16 lookup local
        in_ap ip rule add pref $((20 + n)) iif "$ifname" unreachable
        mkdir -p $RADIO_RUN/web/$n; echo nxdomain > $RADIO_RUN/web/$n/dns-mode
    elif [ "$2" = dead ]; then
        # The venue's upstream dead beyond its gateway: packets vanish, no error comes back, DNS is silent.
        in_ap ip rule add pref $((10 + n)) iif "$ifname" to 10.42.0.0/16 lookup local
        in_ap ip rule add pref $((20 + n)) iif "$ifname" blackhole
        mkdir -p $RADIO_RUN/web/$n; echo silent > $RADIO_RUN/web/$n/dns-mode
    fi
    log "AP $1: internet $2"
}

# portal_logins: how many logins the AP side's portals have accepted so far (form, WISPr or its poll).
portal_logins() { cat $RADIO_RUN/web/logins 2>/dev/null | wc -l; }
# portal_web NAME: the directory of the AP's portal state ($RADIO_RUN/web/n: requests, answers, authed/).
portal_web() { echo "$RADIO_RUN/web/$(ap_get "$1" n)"; }
# portal_sent EXTENDED_REGEX: the body as sent of the last web-access.log line matching (needs --record).
portal_sent() { grep -E -- "$1" $RADIO_RUN/web/access.log | tail -n1 | sed -n 's/.* -> [0-9]* .*sent: //p'; }
# expect_fields BODY WHAT NAME=VALUE_REGEX...: each field is in the urlencoded BODY with a value matching (whole).
expect_fields() {
    local body=$1 what=$2 f; shift 2
    for f in "$@"; do expect_match "$body" "(^|&)${f%%=*}=(${f#*=})(&|\$)" "$what: ${f%%=*}"; done
}
# elapsed T0 T1: the seconds between two radio_uptime readings, one decimal.
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
# portal_end_sessions NAME: the portal ends every login on this AP now (its clients are captive again).
portal_end_sessions() { rm -f "$(portal_web "$1")"/authed/*; log "AP $1: the portal ended its sessions"; }
# portal_reservation NAME ROOM LAST_NAME: the hotel's records change (--room's answers, nothing else).
portal_reservation() { echo "$2 $3" > "$(portal_web "$1")/room"; log "AP $1: the reservation is now room $2, $3"; }

# syslog_start: busybox syslogd as the router's system log (what logread shows on OpenWrt), all of it kept
# in $RADIO_DIR/syslog.log.
syslog_start() {
    rm -f /dev/log
    syslogd -n -O "$RADIO_DIR/syslog.log" &
    wait_for "[ -S /dev/log ]" 5 || fail "syslogd did not start"
}
# expect_secret_kept EXTENDED_REGEX WHAT: no line of the router's logs (the whole system log, the daemon's
# stderr, the portal helper's stderr in both) nor of `hotspotd status` and `hotspotd ui` matches (a login's
# secrets, as typed and as sent). The system log must hold the daemon's lines, or this proves nothing.
expect_secret_kept() {
    local hits
    expect_match "$(cat "$RADIO_DIR/syslog.log")" "hotspotd.*helper portal: stderr: " "the portal helper's stderr is in the system log"
    hits=$({ cat "$RADIO_DIR/syslog.log" "$RADIO_DIR/daemon.log"; daemon_cli status; daemon_cli ui; } 2>&1 | grep -E -- "$1")
    [ -z "$hits" ] || { printf '%s\n' "--- lines with $2:" "$hits" "---"; fail "$2 reached the router's logs or status"; }
    log "ok: $2 in no log line ($(cat "$RADIO_DIR/syslog.log" "$RADIO_DIR/daemon.log" | wc -l) lines), nor in status or ui"
}

# ---------------------------------------------------------------- the client side (router)

# sta_start [EXTRA_CONFIG_LINE...]: wpa_supplicant on wlan0, ctrl_interface=/run/wpa_supplicant.
sta_start() {
    local conf=$RADIO_DIR/wpa_supplicant.conf line
    {
        echo "ctrl_interface=$WPA_CTRL"
        echo "update_config=0"
        for line in "$@"; do echo "$line"; done
    } > "$conf"
    local dbg=""
    [ "${RADIO_WPA_DEBUG:-0}" = 1 ] && dbg=-dd
    wpa_supplicant -B -t $dbg -i $STA_IF -D nl80211 -c "$conf" -P $RADIO_RUN/wpa_supplicant.pid \
        -f "$RADIO_DIR/wpa_supplicant.log" || fail "wpa_supplicant did not start"
    wait_for "wpa_cli -p $WPA_CTRL -i $STA_IF ping | grep -q PONG" 10 || fail "wpa_supplicant control socket"
    log "wpa_supplicant $(wpa_supplicant -v | sed -n 's/^wpa_supplicant v//p') on $STA_IF"
}

# wpa COMMAND...: one control-interface command through wpa_cli (prints the raw reply).
wpa() { wpa_cli -p $WPA_CTRL -i $STA_IF "$@"; }

sta_state() { wpa status | sed -n 's/^wpa_state=//p'; }

# sta_events_start: an attached monitor (socat ATTACHes from its own datagram socket and logs every
# datagram it receives as a hex dump, so boundaries and bytes are exact); see sta_events.
sta_events_start() {
    mkdir -p $RADIO_RUN/mon
    rm -f $RADIO_RUN/mon/sock
    { printf 'ATTACH'; exec sleep 100000; } | socat -x - "UNIX-SENDTO:$WPA_CTRL/$STA_IF,bind=$RADIO_RUN/mon/sock" \
        > /dev/null 2> $RADIO_RUN/mon/hex &
    echo $! > $RADIO_RUN/mon/pid
    wait_for "grep -q '^ 4f 4b 0a' $RADIO_RUN/mon/hex" 5 || fail "the event monitor could not ATTACH"
    ln -sf $RADIO_RUN/mon/events "$RADIO_DIR/events.log"
}
# sta_events_stop: ends the monitor.
sta_events_stop() {
    [ -f $RADIO_RUN/mon/pid ] || return 0
    kill -TERM "$(cat $RADIO_RUN/mon/pid)" 2>/dev/null
    rm -f $RADIO_RUN/mon/pid
}
# sta_events: every event datagram received so far (those starting with "<"), one per line, exact bytes.
sta_events() {
    awk '/^[<>] [0-9]/ { if (d != "" && substr(d, 1, 2) == "3c") print d "0a"; d = ""; inb = ($1 == "<"); next }
         inb { for (i = 1; i <= NF; i++) d = d $i }
         END { if (d != "" && substr(d, 1, 2) == "3c") print d "0a" }' $RADIO_RUN/mon/hex | xxd -r -p \
        | tee $RADIO_RUN/mon/events
}
# sta_mark: later sta_wait_event calls only look at events that come after this point.
sta_mark() { RADIO_EV_MARK=$(sta_events | wc -l); }
# sta_wait_event REGEX TIMEOUT: waits for an event line (after the last sta_mark) matching REGEX.
sta_wait_event() { wait_for "sta_events | tail -n +$((${RADIO_EV_MARK:-0} + 1)) | grep -Eq -- '$1'" "${2:-20}"; }

# sta_add_network --ssid S|--ssid-hex H  --psk P|--open : prints the network id.
sta_add_network() {
    local ssid_hex="" psk="" open=0 id
    while [ $# -gt 0 ]; do
        case $1 in
            --ssid) ssid_hex=$(hexof "$2"); shift 2;;
            --ssid-hex) ssid_hex=$2; shift 2;;
            --psk) psk=$2; shift 2;;
            --open) open=1; shift;;
            *) fail "sta_add_network: unknown option $1";;
        esac
    done
    id=$(wpa add_network | tail -n1)
    wpa set_network "$id" ssid "$ssid_hex" >/dev/null
    wpa set_network "$id" scan_ssid 1 >/dev/null
    if [ $open = 1 ]; then
        wpa set_network "$id" key_mgmt NONE >/dev/null
    else
        wpa set_network "$id" psk "\"$psk\"" >/dev/null
    fi
    echo "$id"
}

# sta_connect AP_NAME [--psk OTHER]: join one of our APs and wait for COMPLETED (30 s).
sta_connect() {
    local name=$1 psk id; shift
    psk=$(ap_psk "$name")
    [ "${1:-}" = --psk ] && psk=$2
    if [ -n "$psk" ]; then
        id=$(sta_add_network --ssid-hex "$(ap_ssid_hex "$name")" --psk "$psk")
    else
        id=$(sta_add_network --ssid-hex "$(ap_ssid_hex "$name")" --open)
    fi
    wpa select_network "$id" >/dev/null
    wait_for '[ "$(sta_state)" = COMPLETED ]' 30 || { wpa status; fail "could not join $name"; }
    log "joined $name (network $id)"
}

# sta_associated_at AP SECS: waits until wlan0 is associated (COMPLETED) with this AP's BSSID and prints the
# uptime it saw that (polled every 0.2 s: an association→online time's start); fails after SECS.
sta_associated_at() {
    wait_for "wpa status | grep -qx 'bssid=$(ap_bssid "$1")' && [ \"\$(sta_state)\" = COMPLETED ]" "${2:-120}" \
        || fail "never associated with $1"
    radio_uptime
}

# sta_dhcp: udhcpc on wlan0; sets address, default route and /etc/resolv.conf.
sta_dhcp() {
    udhcpc -i $STA_IF -n -q -t 6 -T 2 -O 114 -s /radio/udhcpc.script > "$RADIO_DIR/udhcpc.log" 2>&1 \
        || { cat "$RADIO_DIR/udhcpc.log"; fail "no DHCP lease on $STA_IF"; }
    log "address $(ip -4 -o addr show $STA_IF | awk '{ print $4 }')"
}

# sta_scan [FREQS]: a scan through wpa_supplicant, waits for its results (FREQS e.g. 2412,2437).
sta_scan() {
    local before; before=$(sta_events | grep -c 'CTRL-EVENT-SCAN-RESULTS')
    if [ -n "${1:-}" ]; then wpa scan freq="$1" >/dev/null; else wpa scan >/dev/null; fi
    wait_for "[ \$(sta_events | grep -c 'CTRL-EVENT-SCAN-RESULTS') -gt $before ]" 30
}

# sta_hear AP...: scan (up to five times) until the station has heard every AP named, so that the daemon's
# first scan reads them all from the kernel's table: a scan under TCG on a loaded machine can miss a BSS.
# Needs sta_events_start.
sta_hear() {
    local try heard missing ap
    for try in 1 2 3 4 5; do
        sta_scan || fail "wpa_supplicant scan did not finish"
        heard=$(wpa scan_results)
        missing=
        for ap in "$@"; do
            echo "$heard" | grep -q "^$(cat "$(ap_dir "$ap")/bssid")" || missing="$missing $ap"
        done
        [ -z "$missing" ] && return 0
        log "scan $try did not hear:$missing"
    done
    fail "the station never heard:$missing"
}

# http_get URL: raw HTTP/1.0 exchange through busybox nc (status line, headers, body); no redirects.
http_get() { http_request GET "$1"; }
# http_post URL BODY
http_post() { http_request POST "$1" "$2"; }
http_request() {
    local method=$1 url=$2 body=${3:-} hostport host port path
    hostport=${url#http://}; path=/${hostport#*/}; hostport=${hostport%%/*}
    [ "$path" = "/$hostport" ] && path=/
    host=${hostport%%:*}; port=${hostport#*:}; [ "$port" = "$hostport" ] && port=80
    # $RADIO_COOKIE, when set: a Cookie header ("name=value").
    local cookie=; [ -n "${RADIO_COOKIE:-}" ] && cookie="Cookie: $RADIO_COOKIE\r\n"
    if [ "$method" = POST ]; then
        printf "POST %s HTTP/1.0\r\nHost: %s\r\n${cookie}Content-Type: application/x-www-form-urlencoded\r\nContent-Length: %s\r\n\r\n%s" \
            "$path" "$host" "${#body}" "$body" | nc -w 10 "$host" "$port" | tr -d '\r'
    else
        printf "GET %s HTTP/1.0\r\nHost: %s\r\n${cookie}\r\n" "$path" "$host" | nc -w 10 "$host" "$port" | tr -d '\r'
    fi
}
http_status() { http_get "$1" | head -n1 | awk '{ print $2 }'; }

# ---------------------------------------------------------------- hotspotd

# hotspotd_run ARGS...: runs the router binary, output to the log (and to stdout).
hotspotd_run() { log "\$ hotspotd $*"; hotspotd "$@"; }

# sta_dhcp_on_link [--slow-release SECS]: from now on a DHCP client runs while wlan0 is associated (wpa_cli
# action script, as netifd does on a router): CONNECTED starts udhcpc, DISCONNECTED stops it and flushes
# the address, SECS seconds late with --slow-release (the old lease is still there at the next association).
sta_dhcp_on_link() {
    rm -f $RADIO_RUN/dhcp-release-delay
    [ "${1:-}" = --slow-release ] && echo "$2" > $RADIO_RUN/dhcp-release-delay
    [ -f $RADIO_RUN/wpa_cli.pid ] && kill "$(cat $RADIO_RUN/wpa_cli.pid)" 2>/dev/null
    rm -f $RADIO_RUN/wpa_cli.pid
    wpa_cli -p $WPA_CTRL -i $STA_IF -a /radio/link-dhcp.sh -B -P $RADIO_RUN/wpa_cli.pid \
        || fail "wpa_cli action script did not start"
    log "DHCP follows the link (wpa_cli -a)${1:+, the lease let go $2 s late}"
}

# Helpers the daemon scenarios install, as an owner would (readable by the helpers' own user).
RADIO_HELPERS=/etc/hotspot/helpers
# Their state directories (HOTSPOT_STATE_DIR, <run_dir>-helpers/NAME): where a helper records what it was
# asked, evaluate included (the evaluation sandbox leaves nothing else writable; filterScanList, nothing).
RADIO_HELPER_STATE=/run/hotspotd-helpers
# daemon_helper NAME: installs the script on stdin (a #!/bin/sh line is added) as $RADIO_HELPERS/NAME.
# hotel_room: the hotel AP (open, DHCP), the station, and the daemon's configuration: a room-number
# helper, and `known` for the owner's network Hotel Harbour (shell-ui, owner-events).
hotel_room() {
    ap_start hotel --ssid "Hotel Harbour" --open --dhcp
    sta_start
    sta_dhcp_on_link
    # The daemon's side of a login that asks the owner (uiRequired, ui, submit, presentUI), not a portal's:
    # the hotel has no portal here, so this asks what examples/helpers/room-portal asks and takes any
    # room of digits with a name, where room-portal posts them to the portal and probes (which
    # Tests/helpers/run checks against a portal).
    daemon_helper room <<'EOF_ROOM'
set -eu
case "${1:-}" in
filterScanList | maintain | logoff) echo result=success ;;
evaluate)
    case "$HOTSPOT_SECURITY:$HOTSPOT_SSID" in open:Hotel*) echo confidence=low ;; *) echo confidence=none ;; esac
    echo result=success
    ;;
authenticate)
    echo result=uiRequired
    echo 'ui_message=The hotel asks for your room number and last name.'
    printf 'ui_field=room\tRoom number\nui_field=name\tLast name\n'
    if [ -n "$HOTSPOT_GATEWAY" ]; then echo "portal_url=http://$HOTSPOT_GATEWAY/login"; fi
    ;;
presentUI)
    room='' name=''
    while IFS= read -r line; do
        case $line in HOTSPOT_UI_ROOM=*) room=${line#*=} ;; HOTSPOT_UI_NAME=*) name=${line#*=} ;; esac
    done
    case "$room" in
    '' | *[!0-9]*) echo result=failure ;;
    *) if [ -n "$name" ]; then echo result=success; else echo result=failure; fi ;;
    esac
    ;;
*) echo result=commandNotRecognized ;;
esac
EOF_ROOM
    { daemon_main; daemon_helper_section room; cat <<EOF_UCI
config network
	option ssid 'Hotel Harbour'
config helper 'known'
	option builtin 'known'
	list command 'filterScanList'
EOF_UCI
    } | daemon_config
}
# vpn_dead: the router's own traffic goes to a VPN that goes nowhere: a default route of metric 1 through a
# dummy device (radio-vpn), /etc/resolv.conf naming a DNS server behind it ($VPN_DEAD_DNS); the uplink's
# DHCP route gets metric 100 and its DNS goes to resolv.conf.auto, as on OpenWrt.
VPN_DEAD_DNS=10.99.0.53
vpn_dead() {
    ip link add radio-vpn type dummy || fail "no dummy device"
    ip link set radio-vpn up
    ip addr add 10.99.0.2/24 dev radio-vpn
    ip route add default dev radio-vpn metric 1
    echo 100 > $RADIO_RUN/uplink-metric              # udhcpc.script: the uplink's default route, metric 100
    touch $RADIO_RUN/keep-resolv; echo "nameserver $VPN_DEAD_DNS" > /etc/resolv.conf
}
daemon_helper() {
    mkdir -p $RADIO_HELPERS; chmod 755 /etc/hotspot $RADIO_HELPERS
    { echo '#!/bin/sh'; cat; } > "$RADIO_HELPERS/$1"
    chmod 755 "$RADIO_HELPERS/$1"
}
# daemon_claiming_helper NAME < EVALUATE: a helper (as daemon_helper) that claims every network of a scan with
# low confidence, runs the shell lines on stdin for evaluate, and answers every other command with success.
daemon_claiming_helper() {
    { cat <<'EOS'
case $1 in
    filterScanList)
        tab=$(printf '\t')
        while IFS="$tab" read -r hex rest; do printf 'claim=%s\tlow\n' "$hex"; done
        echo result=success;;
    evaluate)
EOS
      cat
      printf '        ;;\n    *) echo result=success;;\nesac\n'; } | daemon_helper "$1"
}
# daemon_helper_section NAME: the configuration section of the helper daemon_helper installed as NAME.
daemon_helper_section() { printf "config helper '%s'\n\toption exec '%s'\n" "$1" "$RADIO_HELPERS/$1"; }
# daemon_cli ARGS...: a client subcommand (status, logoff, …) against the scenario's daemon; its control
# socket is under the run directory of the configuration daemon_config wrote.
daemon_cli() { hotspotd "$@" --config "$RADIO_DIR/hotspot.conf"; }
# daemon_claim_helper NAME SSID PASSWORD [SLEEP]: a helper that claims SSID with PASSWORD (high) in
# filterScanList (after SLEEP seconds there), evaluates any network high and answers success to the rest;
# each command it gets is appended to /tmp/calls/NAME.
daemon_claim_helper() {
    mkdir -p /tmp/calls; chmod 1777 /tmp/calls
    daemon_helper "$1" <<EOS
echo "\$1" >> /tmp/calls/$1
case \$1 in
    filterScanList)
        sleep ${4:-0}
        tab=\$(printf '\t')
        while IFS="\$tab" read -r hex bssid rssi signal freq sec ssid; do
            [ "\$ssid" = "$2" ] && printf 'claim=%s\thigh\t%s\n' "\$hex" '$3'
        done
        echo result=success;;
    evaluate) echo confidence=high; echo result=success;;
    *) echo result=success;;
esac
EOS
}
# daemon_lobby_helper NAME SSID...: a helper that claims these open networks in filterScanList (high, no
# password) and has no opinion in evaluate (none), so the built-in portal helper's evaluate decides who
# logs in (it answers low for a portal).
daemon_lobby_helper() {
    local name=$1 hexes="" s; shift
    for s in "$@"; do hexes="$hexes $(hexof "$s")"; done
    daemon_helper "$name" <<EOS
case \$1 in
    filterScanList)
        tab=\$(printf '\t')
        while IFS="\$tab" read -r hex bssid rssi signal freq sec ssid; do
            lc=\$(printf '%s' "\$hex" | tr A-F a-f)
            for h in $hexes; do [ "\$lc" = "\$h" ] && printf 'claim=%s\thigh\n' "\$hex"; done
        done
        echo result=success;;
    evaluate) echo confidence=none; echo result=success;;
    *) echo result=success;;
esac
EOS
}
# daemon_portal_section PROBE_URL [OPTION VALUE]...: the built-in portal helper's section: its probe URL,
# the test CA as ca_bundle, and the options given (wispr_user, wispr_password, …).
daemon_portal_section() {
    printf "config helper 'portal'\n\toption builtin 'portal'\n\tlist probe_url '%s'\n\toption ca_bundle '%s'\n" "$1" "$RADIO_CA"
    shift
    while [ $# -ge 2 ]; do printf "\toption %s '%s'\n" "$1" "$2"; shift 2; done
}
# portal_helper_by_hand COMMAND [VAR=VALUE]...: `hotspotd portal-helper COMMAND` with the environment the
# daemon gives it on this uplink (interface, address, gateway, DNS from resolv.conf.auto, the test CA,
# probe http://probe.radio.test/generate_204) plus the variables given (as root: busybox's setpriv cannot
# change the uid; the daemon runs it as its helper user). Its answer goes to
# $RADIO_DIR/helper.out, its stderr to helper.err; both are printed. Returns the helper's exit status.
portal_helper_by_hand() {
    local cmd=$1 rc; shift
    local gwy; gwy=$(ip -4 route show dev $STA_IF | awk '$1 == "default" { print $3; exit }')
    local dns; dns=$(sed -n 's/^nameserver //p' /tmp/resolv.conf.d/resolv.conf.auto 2>/dev/null | tr '\n' ' ')
    log "\$ hotspotd portal-helper $cmd $*"
    # The secrets (HOTSPOT_UI_*, HOTSPOT_WISPR_PASSWORD) go on its stdin, as hotspotd sends them; the rest in its environment.
    local secrets='' arg
    for arg in "$@"; do
        case $arg in HOTSPOT_UI_*=* | HOTSPOT_WISPR_PASSWORD=*) secrets="$secrets$arg
" ;; esac
    done
    for arg in "$@"; do
        shift
        case $arg in HOTSPOT_UI_*=* | HOTSPOT_WISPR_PASSWORD=*) ;; *) set -- "$@" "$arg" ;; esac
    done
    printf '%s' "$secrets" | env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOTSPOT_INTERFACE=$STA_IF HOTSPOT_SSID=test HOTSPOT_SECURITY=open \
        HOTSPOT_ADDRESS="$(cat $RADIO_RUN/sta-ip 2>/dev/null)" HOTSPOT_GATEWAY="$gwy" HOTSPOT_DNS="$dns" \
        HOTSPOT_CA_BUNDLE=$RADIO_CA HOTSPOT_PORTAL_PROBE_URLS=http://probe.radio.test/generate_204 "$@" \
        hotspotd portal-helper "$cmd" \
        > "$RADIO_DIR/helper.out" 2> "$RADIO_DIR/helper.err"
    rc=$?
    sed 's/^/  helper stderr: /' "$RADIO_DIR/helper.err"; sed 's/^/  helper: /' "$RADIO_DIR/helper.out"
    return $rc
}

# daemon_main [OPTION VALUE]...: prints the `config hotspot 'main'` section the daemon scenarios share
# (this radio, wpa_supplicant's sockets, the state file in the scenario's directory, helpers as uid
# 65534, scans every 5 s while down), plus the options given.
daemon_main() {
    printf "config hotspot 'main'\n\toption interface '%s'\n\toption ctrl_dir '%s'\n" "$STA_IF" "$WPA_CTRL"
    printf "\toption run_dir '/run/hotspotd'\n\toption state_file '%s'\n" "$RADIO_DIR/hotspotd.state"
    printf "\toption helper_user '65534'\n\toption scan_interval '5'\n"
    while [ $# -ge 2 ]; do printf "\toption %s '%s'\n" "$1" "$2"; shift 2; done
}
# daemon_config: the UCI file on stdin becomes $RADIO_DIR/hotspot.conf.
daemon_config() { cat > "$RADIO_DIR/hotspot.conf"; }

# daemon_start UCI_FILE [ARGS...]: `hotspotd run` in the background, its stderr (-v) in daemon.log.
daemon_start() {
    local conf=$1; shift
    hotspotd run --config "$conf" -v "$@" >> "$RADIO_DIR/daemon.log" 2>&1 &
    echo $! > $RADIO_RUN/hotspotd.pid
    log "hotspotd run --config $conf $* (pid $(cat $RADIO_RUN/hotspotd.pid))"
}
daemon_pid() { cat $RADIO_RUN/hotspotd.pid 2>/dev/null; }
# daemon_stop [SIGNAL]: ends the daemon (TERM by default) and waits for it to go.
daemon_stop() {
    local pid; pid=$(daemon_pid); [ -n "$pid" ] || return 0
    kill -"${1:-TERM}" "$pid" 2>/dev/null
    wait_for "! kill -0 $pid" 10 || fail "hotspotd did not exit on ${1:-TERM}"
    rm -f $RADIO_RUN/hotspotd.pid
}
# daemon_log: what the daemon has logged so far.
daemon_log() { cat "$RADIO_DIR/daemon.log" 2>/dev/null; }
# daemon_mark: later daemon_wait calls only look at lines logged after this point.
daemon_mark() { RADIO_DAEMON_MARK=$(daemon_log | wc -l); }
# daemon_wait REGEX SECS: waits for a daemon log line (after the last daemon_mark) matching REGEX.
daemon_wait() { wait_for "daemon_log | tail -n +$((${RADIO_DAEMON_MARK:-0} + 1)) | grep -Eq -- '$1'" "${2:-30}"; }
# daemon_outcome SSID SECS: waits (after the last daemon_mark) for the daemon's verdict on SSID (no regex
# characters, no quotes) — authenticated, waiting for the owner, disabled, or left — and prints its line;
# fails after SECS. Scenarios then check that it is the verdict they expect, without waiting out the time.
daemon_outcome() {
    local re="$1: (authenticated by|login needs the owner|auto-join disabled|left:)"
    daemon_wait "$re" "$2" || return 1
    daemon_log | tail -n +$((${RADIO_DAEMON_MARK:-0} + 1)) | grep -E -- "$re" | head -n1
}
# daemon_count REGEX: how many daemon log lines match.
daemon_count() { daemon_log | grep -Ec -- "$1"; }

# ---------------------------------------------------------------- the runner (used by /init)

radio_emit_artifacts() {
    local name=$1 f
    [ -d "$RADIO_DIR/artifacts" ] || return 0
    for f in "$RADIO_DIR/artifacts"/*; do
        [ -f "$f" ] || continue
        echo "@@RADIO ARTIFACT $name $(basename "$f") $(wc -c < "$f")"
        base64 "$f"
        echo "@@RADIO ARTIFACT-END $(sha256sum "$f" | cut -d' ' -f1)"
    done
}

radio_excerpt() {
    local f
    echo "@@| --- scenario log (last 40 lines)"
    tail -n 40 "$RADIO_DIR/scenario.log" | sed 's/^/@@| /'
    for f in "$RADIO_DIR"/*.log "$RADIO_DIR/events.raw" "$RADIO_DIR/web-access.log"; do
        [ -f "$f" ] || continue
        [ "$f" = "$RADIO_DIR/scenario.log" ] && continue
        # The daemon's own log says most about a daemon scenario: more of it.
        local n=12; [ "$(basename "$f")" = daemon.log ] && n=${RADIO_DAEMON_TAIL:-60}
        echo "@@| --- $(basename "$f") (last $n lines)"
        tr -d '\r' < "$f" | tail -n $n | sed 's/^/@@| /'
    done
}

# radio_run_scenario NAME: fresh radios, the scenario in a subshell with a time limit, one verdict.
radio_run_scenario() {
    local name=$1 file=/radio/scenarios/$1.sh limit t0 t1 rc
    RADIO_DIR=/tmp/radio/$name; rm -rf "$RADIO_DIR"; mkdir -p "$RADIO_DIR"
    export RADIO_DIR
    echo "@@RADIO BEGIN $name"
    if [ ! -f "$file" ]; then echo "@@RADIO FAIL $name 0 no such scenario"; return; fi
    radio_reset > "$RADIO_DIR/reset.log" 2>&1
    limit=$(sed -n 's/^# radio-timeout: *//p' "$file" | head -n1); limit=${limit:-${RADIO_SCENARIO_TIMEOUT:-180}}
    t0=$(radio_uptime)
    local wall0; wall0=$(date +%s)
    ( cd "$RADIO_DIR" && exec timeout -s KILL "$limit" sh -c ". /radio/lib.sh; . $file" ) > "$RADIO_DIR/scenario.log" 2>&1
    rc=$?
    # A scenario that moved the clock (portal-clock), even one killed on the way, leaves it right.
    local wall; wall=$(awk -v w="$wall0" -v a="$t0" -v b="$(radio_uptime)" 'BEGIN { printf "%d", w + b - a }')
    [ $(( $(date +%s) - wall )) -gt 60 ] || [ $(( wall - $(date +%s) )) -gt 60 ] && date -s "@$wall" > /dev/null
    t1=$(awk -v a="$t0" -v b="$(radio_uptime)" 'BEGIN { printf "%.1f", b - a }')
    if [ -f "$RADIO_DIR/notes" ]; then
        sed "s/^/@@RADIO NOTE $name /" "$RADIO_DIR/notes"
    fi
    if [ $rc -eq 0 ]; then
        echo "@@RADIO PASS $name $t1"
    else
        local why="exit $rc"
        [ $rc -eq 137 ] && why="timed out after ${limit}s"
        radio_excerpt
        echo "@@RADIO FAIL $name $t1 $why"
    fi
    radio_emit_artifacts "$name"
    radio_kill_all
}
