#!/bin/sh
# The AP side's web server, one process per connection: http on port 80 (busybox nc -ll -e), https on 443
# (socat OPENSSL-LISTEN … EXEC, RADIO_SCHEME=https; 8443 serves a certificate for the wrong name), http on 1000
# and https on 9997 for the products that listen there (RADIO_PORT says which of these two it is). It
# answers for every destination address (see web_start in lib.sh). Per AP number n (from the client's
# address 10.42.n.x) the directory /run/radio/web/n says what it is (portal_start in lib.sh writes it):
#   portal      present: a captive portal (every other request is redirected to the login URL)
#   login_url   where the portal sends the client (default http://10.42.n.1/login)
#   code        the access code the login form wants (optional)
#   title       the login page's title
#   token       present: the page sets a cookie and carries a hidden token; a login needs both back
#   room        "ROOM NAME": the form asks for a room number and a last name, a login needs both right;
#               wrong ones get the form again (403) under the hotel's alert
#   form_get    present: the login form is a GET: GET /login with a query is a login, its fields in the query
#   wispr       present: the login page carries WISPr 1.0 XML; its content (if any) is the LoginURL
#   wispr_user, wispr_password   the credentials POST /wispr-login wants (else: any user, the code)
#   wispr_pending  present: /wispr-login answers 201 with a LoginResultsURL; polling that logs in
#   wispr_reply    "broken": /wispr-login answers XML that is cut off
#   steps       "form" or "link": a venue of three steps. GET /login is an interstitial (a form of hidden
#               fields and a Continue button posting to /terms, or a page whose way on is the link
#               /terms?accept=1); /terms is the login form; its accepted POST answers "please wait" with a
#               meta refresh to /activate?t=STEP, and only that GET logs in
#   (products)  with --login-url http://GW/splash.html, nodogsplash's splash page: a GET form to its authaction
#               /nodogsplash_auth/ with tok and redir; with http://GW/opennds_preauth/?fas=X, openNDS's
#               click-to-continue: welcome (fas, landing=yes), terms (fas, tos=accepted), then the authaction
#               form /opennds_auth/ (tok, redir), all GET forms. The right tok logs in.
#   (products 2, issue 19) the login protocols of three products, for the account guest / "radio 4711" and
#               the challenge bytes 1..16: with --login-url http://GW/uam/?res=notyet&uamip=GW&uamport=80&
#               challenge=0102…10, CoovaChilli's UAM page (a UserName/Password form) and GET /logon with
#               username and CHAP's response (hex MD5(0 + password + challenge)), which logs in and redirects
#               to /uam/?res=success (else res=failed); with http://GW/mt-login, MikroTik's login.html (its
#               script's hexMD5('\123' + password + the challenge in octal), its forms posting to /mt-login,
#               which logs in when the password is that hex MD5, else shows login.html again with v6's $(error)
#               div, "invalid username or password", after the form); with http://GW/guest/s/default/?…, UniFi's
#               guest portal (a script page that sets a cookie; POST /guest/s/default/login of {} logs in;
#               GET /guest/s/default/hotspotconfig answers auth "none", nothing enabled).
#   product     (products 3) a venue controller, as its documentation describes it (portal_start --cisco,
#               --meraki, --fortinet, --aruba, --ruckus, --unifi write it, with its redirect as login_url, in
#               which @IP@ and @MAC@ become this client's address and MAC from the neighbour table). The
#               account is guest / "radio 4711"; a request that is not what the product's script would send
#               is refused as said (a refused page is 200, as the products answer):
#     "cisco consent" / "cisco webauth"  Cisco WLC: GET /fs/customwebauth/login.html is the external page (a
#               form with no action, hidden buttonClicked 0, redirect_url empty, err_flag 0, a type=button input
#               calling submitAction(); webauth: text username, password password). POST /login.html logs in
#               with buttonClicked=4, a non-empty redirect_url (and webauth: the account), then 302 to
#               http://REDIRECT_URL; otherwise the page again (webauth: under "The User Name and Password
#               combination you have entered is invalid").
#     "meraki click" / "meraki signon"   Meraki splash: GET /splash/ is the page (click: no form, a "Continue to
#               the Internet" link href="#" and a script building the grant URL; signon: a form with no action,
#               text username, password password, hidden success_url empty, a submit button). click: GET
#               /splash/grant?continue_url=URL logs in, 302 to URL (without continue_url: 400). signon: POST
#               /splash/login?mauth=MA1 with the account and a non-empty success_url logs in, 302 to it; else
#               the form again under an error element (id "error").
#     "fortinet"  FortiGate, on port 1000 only (RADIO_PORT, set by web_start's listener): GET /fgtauth?MAGIC
#               is the disclaimer (form action "/" post: hidden 4Tredir, magic, answer 0; two unnamed submit
#               buttons whose onclick sb('1') / sb('0') sets answer). POST / with 4Tredir, magic
#               0123456789abcdef and answer=1 gives the login page (form action "/": hidden 4Tredir, magic,
#               text username, password password) and remembers the client's acceptance; POST / with 4Tredir,
#               the magic, username and password after that acceptance logs in with the account (200,
#               "Authentication successful", a link to /keepalive?MAGIC), else the login page under "Firewall
#               authentication failed. Please try again."; answer=0, a wrong magic or no 4Tredir: the
#               disclaimer again (answer=0 forgets the acceptance).
#     "aruba"   Aruba: GET /cgi-bin/login is the page (form post /cgi-bin/login: text user, password password,
#               a submit; no cmd or url: its script adds them). POST /cgi-bin/login with cmd=authenticate, the
#               account and a non-empty url logs in, 302 to url; else the page again under an error.
#     "ruckus"  Ruckus SmartZone: GET /ruckus/login.html (https://portal.radio.test) is the page (a form with no
#               action, text username, password password, hidden uip, client_mac, url empty; its script sets
#               the action https://SIP:9997/SubscriberPortal/hotspotlogin and fills the three from the query).
#               POST /SubscriberPortal/hotspotlogin over https on port 9997 only, with the account, uip = the
#               client's address, client_mac = its MAC and a non-empty url logs in, 302 to url; else the page
#               again under an error.
#     "unifi voucher" / "unifi password"  UniFi's guest portal (the page above): hotspotconfig answers auth
#               "hotspot", voucher_enabled (voucher) or auth "password", password_enabled (password);
#               POST /guest/s/default/login as application/json of exactly {"by":"voucher","code":"12345-67890"}
#               or {"by":"password","password":"radio 4711"} logs in ({"meta":{"rc":"ok"},"data":[{"redirect_url":
#               "http://198.51.100.7/"}]}); anything else 400 {"meta":{"rc":"error","msg":MSG},"data":[]}, MSG
#               api.err.InvalidVoucher for a wrong voucher, else api.err.Invalid ({} too).
#     "omada voucher" / "omada user"  TP-Link Omada's portal: GET /portal is its script page (no form);
#               POST /portal/getPortalPageSetting of exactly the identity its script sends ({"clientMac",
#               "apMac","ssidName","radioId","originUrl"}, from the redirect's query, decoded) answers
#               {"errorCode":0,"result":{"authType":…}}: voucher 11 (the hotspot) with enabledTypes [3], user 5;
#               anything else {"errorCode":-1}. POST /portal/auth as application/json of exactly
#               {"authType":3,"voucherCode":"12345-67890",IDENTITY} or {"authType":5,"localuser":"guest",
#               "localuserPsw":"radio 4711",IDENTITY} logs in ({"errorCode":0}); a wrong voucher answers
#               {"errorCode":-41502,"msg":"Voucher code is incorrect."}, anything else -41501.
#   session     seconds a login lasts (then the client is captive again); /captive-api counts them down
#   (a hotel stay, issue 37; with room)
#   csrf        present: every load of the form page issues a new token (hidden field csrf) and a new session
#               cookie (seeblick_sid) to this client, in issued/PEER; a login needs the last page's token and
#               its cookie back, and each token works once (a stale or reused one: refused, "Your session has
#               expired"); the page's access line notes "csrf TOKEN", the login's "csrf fresh" or "csrf stale"
#   plans       present: the form offers plans as radio buttons named plan: "premium" (paid) listed first,
#               "free" after it and checked; a login needs plan=free (premium: refused, it is paid at reception)
#   refusal     the portal's words when room's answers do not match (default: "The last name and room
#               number do not match our records.")
#   record      present: each login request's body as sent goes on its access.log line ("sent: BODY"); each
#               request of this AP's clients goes to requests ("UPTIME PEER METHOD URL -> STATUS (NOTE) BODY",
#               UPTIME when it arrived, and "UPTIME login PEER until END" for each login, END the uptime second
#               its session ends); the room and name of every login request that carried any, decoded, go to
#               answers ("UPTIME room=R name=N")
#   garden      host names let through before the login, one a line (a walled garden: an operator's
#               connectivity check, social sign-in, payment); their requests get the internet's answers
#   authed/     one file per logged-in client address (its content: the uptime second its login ends)
# Without "portal" it is a plain "internet": /generate_204 gives 204 (and / to connectivity-check.ubuntu.com),
# other paths a small page.
# Always there, logged in or not:
#   /captive-api          RFC 8908 JSON (application/captive+json): captive, user-portal-url, seconds-remaining
#   /hostile/loop         a redirect to itself, forever        /hostile/huge   8 MiB of HTML, no length
#   /hostile/hang         headers and a little body, then nothing for 5 minutes
#   /hostile/broken-html  a terms form cut off in mid-tag (its token lost), NUL bytes, tags never closed
#   /hostile/broken-json  captive+json cut off in mid-value
W=/run/radio/web
scheme=${RADIO_SCHEME:-http}
t_arrived=$(cut -d' ' -f1 /proc/uptime)
IFS= read -r line
line=$(printf '%s' "$line" | tr -d '\r')
method=${line%% *}; rest=${line#* }; target=${rest%% *}
[ -n "$line" ] || exit 0   # no request (a TLS client that gave up in the handshake)
length=0; host=; cookie=; ctype_in=
while IFS= read -r h; do
    h=$(printf '%s' "$h" | tr -d '\r')
    [ -z "$h" ] && break
    case $h in
        [Cc]ontent-[Ll]ength:*) length=$(echo "${h#*:}" | tr -dc 0-9);;
        [Hh]ost:*) host=$(echo "${h#*:}" | tr -d ' ');;
        [Cc]ookie:*) cookie=${h#*:};;
        [Cc]ontent-[Tt]ype:*) ctype_in=$(echo "${h#*:}" | tr -d ' ');;
    esac
done
body=
[ "${length:-0}" -gt 0 ] 2>/dev/null && body=$(head -c "$length")
path=${target%%\?*}
query=; case $target in *\?*) query=${target#*\?};; esac

if [ -n "${SOCAT_PEERADDR:-}" ]; then
    peer=$SOCAT_PEERADDR   # behind socat (https): fd 0 is a socketpair, socat names the peer
else
    # The peer: fd 0 is the socket; find its inode in /proc/net/tcp (addresses are little-endian hex).
    ino=$(readlink /proc/self/fd/0 | tr -dc 0-9)
    # (The listener is dual-stack, so IPv4 peers show in tcp6 as ::ffff:a.b.c.d: the last 8 digits.)
    peerhex=$(cat /proc/net/tcp /proc/net/tcp6 2>/dev/null | awk -v ino="$ino" '$10 == ino { split($3, a, ":"); print substr(a[1], length(a[1]) - 7); exit }')
    peer=$(printf '%d.%d.%d.%d' 0x$(echo $peerhex | cut -c7-8) 0x$(echo $peerhex | cut -c5-6) 0x$(echo $peerhex | cut -c3-4) 0x$(echo $peerhex | cut -c1-2) 2>/dev/null)
fi
n=$(echo "$peer" | cut -d. -f3)
gw=10.42.$n.1
d=$W/$n
login_url=$(cat $d/login_url 2>/dev/null); [ -n "$login_url" ] || login_url=http://$gw/login
product=$(cat $d/product 2>/dev/null)
# client_mac: this client's MAC, as the controller knows it (the AP side's neighbour table; $RADIO_ARP: another
# file in its format, for trying portal.cgi outside the VM).
client_mac() { awk -v ip="$peer" '$1 == ip { print $4; exit }' "${RADIO_ARP:-/proc/net/arp}" 2>/dev/null; }
# A product's redirect carries the client's address and MAC (portal_start writes them as @IP@ and @MAC@).
case $login_url in *@IP@*|*@MAC@*) login_url=$(printf '%s' "$login_url" | sed "s/@IP@/$peer/g; s/@MAC@/$(client_mac)/g");; esac
self=$scheme://${host:-$gw}
now=$(cut -d. -f1 /proc/uptime)
# A login whose session is over is gone.
if [ -s "$d/authed/$peer" ] && [ "$now" -ge "$(cat "$d/authed/$peer")" ]; then rm -f "$d/authed/$peer"; fi

# field NAME: the form field's value from the urlencoded body, decoded.
field() {
    printf '%b' "$(printf '%s&' "$body" | tr '&' '\n' | sed -n "s/^$1=//p" | head -n1 \
        | sed 's/+/ /g; s/%\([0-9A-Fa-f][0-9A-Fa-f]\)/\\x\1/g')"
}
note=  # shown after the status in access.log (WISPr codes)
# A form's field names (not their values) go to access.log too: [token accept].
access() {
    local posted=; [ -n "$body" ] && posted=" [$(printf '%s' "$body" | tr '&' '\n' | sed 's/=.*//' | tr '\n' ' ' | sed 's/ $//')]"
    local sent=; [ -f "$d/record" ] && [ -n "$body" ] && sent=" sent: $body"
    echo "$peer $method $scheme://${host}$target$posted -> $1${note:+ ($note)}$sent" >> $W/access.log
    [ -f "$d/record" ] && echo "$t_arrived $peer $method $scheme://${host}$target -> $1${note:+ ($note)}${body:+ $body}" >> "$d/requests"
}
ctype="text/html; charset=utf-8"
respond() {  # STATUS REASON [EXTRA_HEADER] ; the body on stdin
    local b; b=$(cat)
    # Logged before the answer leaves: a scenario that sees the client act on it (or a login's record,
    # written before) then finds the request's line too.
    access "$1"
    printf 'HTTP/1.0 %s %s\r\n' "$1" "$2"
    printf 'Server: radio-portal\r\nContent-Type: %s\r\nCache-Control: no-store\r\nConnection: close\r\n' "$ctype"
    # $W/date_offset: the portal's clock is this many seconds ahead of the router's (portal-clock).
    [ -f $W/date_offset ] && printf 'Date: %s\r\n' "$(date -u -d @$(($(date +%s) + $(cat $W/date_offset))) '+%a, %d %b %Y %H:%M:%S GMT')"
    [ -n "${3:-}" ] && printf '%s\r\n' "$3"
    printf 'Content-Length: %s\r\n\r\n' "$(printf '%s' "$b" | wc -c)"
    printf '%s' "$b"
    exit 0
}
# authorize: this client is logged in (until now + session seconds, when the portal has a session).
authorize() {
    local s; s=$(cat $d/session 2>/dev/null)
    if [ -n "$s" ]; then echo $((now + s)) > "$d/authed/$peer"; else : > "$d/authed/$peer"; fi
    echo "$peer $n $method $path${s:+ session $s s}" >> $W/logins
    [ -f "$d/record" ] && echo "$(cut -d' ' -f1 /proc/uptime) login $peer until ${s:+$((now + s))}" >> "$d/requests"
}
# issue_csrf: a new token and session cookie for this client (csrf), and the Set-Cookie header for them.
issue_csrf() {
    csrf_tok=c$n-$(od -An -N4 -tx1 /dev/urandom | tr -d ' \n'); csrf_sid=s$n-$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')
    mkdir -p "$d/issued"; echo "$csrf_tok $csrf_sid" > "$d/issued/$peer"
    note="csrf $csrf_tok"
    csrf_cookie="Set-Cookie: seeblick_sid=$csrf_sid; Path=/; HttpOnly"
}
token() { cat $d/token 2>/dev/null; }
# chap_md5 ID_OCTAL: hex MD5(ID + "radio 4711" + the challenge bytes 1..16): the products' CHAP (issue 19).
CHAP_OCTAL='\001\002\003\004\005\006\007\010\011\012\013\014\015\016\017\020'
chap_md5() { { printf "$1"; printf '%s' 'radio 4711'; printf "$CHAP_OCTAL"; } | md5sum | cut -c1-32; }
login_page() {
    local title; title=$(cat $d/title 2>/dev/null || echo "Radio Test Hotspot")
    echo "<html><head><title>$title</title></head><body>"
    echo "<h1>$title</h1><p>Please accept the terms to use the Internet.</p>"
    [ -n "${refusal:-}" ] && echo "<div class=\"alert\" role=\"alert\">$refusal</div>"
    echo "<form method=\"$([ -f $d/form_get ] && echo get || echo post)\" action=\"$login_url\">"
    [ -f $d/token ] && echo "<input type=\"hidden\" name=\"token\" value=\"$(token)\">"
    [ -n "${csrf_tok:-}" ] && echo "<input type=\"hidden\" name=\"csrf\" value=\"$csrf_tok\">"
    [ -f $d/code ] && echo "<p>Access code: <input name=\"code\" type=\"text\"></p>"
    if [ -f $d/room ]; then
        echo "<p><label for=\"room\">Room number</label> <input id=\"room\" name=\"room\" type=\"text\"></p>"
        echo "<p><label for=\"name\">Last name</label> <input id=\"name\" name=\"name\" type=\"text\"></p>"
    fi
    if [ -f $d/plans ]; then
        echo "<fieldset><legend>Your plan</legend>"
        echo "<p><input type=\"radio\" id=\"plan-premium\" name=\"plan\" value=\"premium\"> <label for=\"plan-premium\">Premium, 50 Mbit/s: 9.90 € a day</label></p>"
        echo "<p><input type=\"radio\" id=\"plan-free\" name=\"plan\" value=\"free\" checked> <label for=\"plan-free\">Free, 2 Mbit/s</label></p>"
        echo "</fieldset>"
    fi
    echo "<p><input type=\"checkbox\" name=\"accept\" value=\"yes\"> I accept the terms</p>"
    [ -f $d/token ] && echo "<p><input type=\"checkbox\" name=\"newsletter\" value=\"yes\"> Send me offers</p>"
    echo "<input type=\"submit\" value=\"Log in\"></form>"
    if [ -f $d/wispr ]; then
        local wlogin; wlogin=$(cat $d/wispr); [ -n "$wlogin" ] || wlogin=$login_url
        cat <<WISPR
<!--
<?xml version="1.0" encoding="UTF-8"?>
<WISPAccessGatewayParam xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://www.wballiance.net/wispr_2_0.xsd">
<Redirect>
<AccessProcedure>1.0</AccessProcedure>
<AccessLocation>radio-test</AccessLocation>
<LocationName>$title</LocationName>
<LoginURL>$wlogin</LoginURL>
<AbortLoginURL>http://$gw/</AbortLoginURL>
<MessageType>100</MessageType>
<ResponseCode>0</ResponseCode>
</Redirect>
</WISPAccessGatewayParam>
-->
WISPR
    fi
    echo "</body></html>"
}
# wispr_reply ELEMENT MESSAGE_TYPE RESPONSE_CODE [EXTRA_XML]: a WISPr reply in an HTML comment.
wispr_reply() {
    echo "<html><head><title>WISPr</title></head><body><!--"
    echo "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
    echo "<WISPAccessGatewayParam xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">"
    echo "<$1><MessageType>$2</MessageType><ResponseCode>$3</ResponseCode>${4:-}</$1>"
    echo "</WISPAccessGatewayParam>"
    echo "--></body></html>"
}
# ---------------------------------------------------------------- products 3: venue controllers (issue 19)
# The account every product below wants: guest / "radio 4711".
account_ok() { [ "$1" = guest ] && [ "$2" = "radio 4711" ]; }
# redirect_to URL: 302 to URL.
redirect_to() { echo "<html><body><a href=\"$1\">Continue</a></body></html>" | respond 302 Found "Location: $1"; exit 0; }
# Cisco WLC's external web-auth page (after Cisco's customwebauth sample login.html): its form has no action
# (submitAction sets it to the query's switch_url, redirect_url to the query's redirect, buttonClicked to 4).
cisco_page() {  # [ERROR]
    cat <<EOF_CISCO
<html><head><meta http-equiv="Pragma" content="no-cache"><title>Web Authentication</title>
<script type="text/javascript">
function submitAction() {
    var link = document.location.href;
    var searchString = "redirect=";
    var equalIndex = link.indexOf(searchString);
    var redirectUrl = "";
    if (document.forms[0].action == "") {
        var args = new Object();
        var query = location.search.substring(1);
        var pairs = query.split("&");
        for (var i = 0; i < pairs.length; i++) {
            var pos = pairs[i].indexOf('=');
            if (pos == -1) continue;
            args[pairs[i].substring(0, pos)] = unescape(pairs[i].substring(pos + 1));
        }
        document.forms[0].action = args.switch_url;
    }
    if (equalIndex >= 0) {
        equalIndex += searchString.length;
        redirectUrl = link.substring(equalIndex);
    }
    if (redirectUrl.length > 255) redirectUrl = redirectUrl.substring(0, 255);
    document.forms[0].redirect_url.value = redirectUrl;
    document.forms[0].buttonClicked.value = 4;
    document.forms[0].submit();
}
function loadAction() {
    var url = window.location.href;
    var args = new Object();
    var query = location.search.substring(1);
    var pairs = query.split("&");
    for (var i = 0; i < pairs.length; i++) {
        var pos = pairs[i].indexOf('=');
        if (pos == -1) continue;
        args[pairs[i].substring(0, pos)] = unescape(pairs[i].substring(pos + 1));
    }
    document.forms[0].action = args.switch_url;
}
</script></head>
<body topmargin="50" marginheight="50" onload="loadAction();">
<form method="post">
<input type="hidden" name="buttonClicked" size="16" maxlength="15" value="0">
<input type="hidden" name="redirect_url" size="255" maxlength="255" value="">
<input type="hidden" name="err_flag" size="16" maxlength="15" value="0">
<h1>Welcome to the wireless network</h1>
EOF_CISCO
    [ -n "${1:-}" ] && echo "<p class=\"error\">$1</p>"
    if [ "$product" = "cisco webauth" ]; then
        echo "<table><tr><td>User Name</td><td><input type=\"text\" name=\"username\" size=\"25\" maxlength=\"80\"></td></tr>"
        echo "<tr><td>Password</td><td><input type=\"password\" name=\"password\" size=\"25\" maxlength=\"63\"></td></tr></table>"
    else
        echo "<p>By continuing you accept the acceptable use policy of this network.</p>"
    fi
    echo "<input type=\"button\" name=\"Submit\" value=\"Submit\" class=\"button\" onclick=\"submitAction();\">"
    echo "</form></body></html>"
}
# Meraki's splash: click-through (no form: a link whose script builds the grant URL) or sign-on (a form with
# no action: its script sets it to the query's login_url, success_url to continue_url).
meraki_page() {  # [ERROR]
    echo "<html><head><title>Meraki splash page</title>"
    cat <<'EOF_MERAKI'
<script type="text/javascript">
function param(name) {
    var m = new RegExp('[?&]' + name + '=([^&]*)').exec(window.location.search);
    return m ? decodeURIComponent(m[1].replace(/\+/g, ' ')) : '';
}
function grant() {
    window.location.href = param('base_grant_url') + '?continue_url=' + encodeURIComponent(param('user_continue_url')) + '&duration=3600';
    return false;
}
window.onload = function () {
    var f = document.getElementById('signon');
    if (f) { f.action = param('login_url'); f.success_url.value = param('continue_url'); }
    var a = document.getElementById('continue');
    if (a) a.onclick = grant;
};
</script></head><body><h1>Welcome</h1>
EOF_MERAKI
    [ -n "${1:-}" ] && echo "<div class=\"error\" id=\"error\">$1</div>"
    if [ "$product" = "meraki signon" ]; then
        echo "<form id=\"signon\" method=\"post\"><p>Email <input type=\"text\" name=\"username\"></p>"
        echo "<p>Password <input type=\"password\" name=\"password\"></p><input type=\"hidden\" name=\"success_url\" value=\"\">"
        echo "<input type=\"submit\" value=\"Sign in\"></form>"
    else
        echo "<p>By using this network you accept its terms.</p><a href=\"#\" id=\"continue\">Continue to the Internet</a>"
    fi
    echo "</body></html>"
}
FGT_MAGIC=0123456789abcdef
# FortiGate's disclaimer: answer is 0 until the accept button's script (sb('1')) sets it.
fgt_disclaimer() {
    cat <<EOF_FGT
<html><head><title>Firewall Disclaimer</title>
<script type="text/javascript">function sb(val) { document.forms[0].answer.value = val; document.forms[0].submit(); }</script>
</head><body><form action="/" method="post">
<input type="hidden" name="4Tredir" value="http://198.51.100.7/">
<input type="hidden" name="magic" value="$1">
<input type="hidden" name="answer" value="0">
<h1>Terms and Disclaimer Agreement</h1><p>You are about to access Internet content that is not under the control of the network access provider.</p>
<p>Do you agree to the above terms?</p>
<input type="submit" value="Yes, I agree" onclick="sb('1')"> <input type="submit" value="No, I decline" onclick="sb('0')">
</form></body></html>
EOF_FGT
}
fgt_login() {  # [ERROR]
    echo "<html><head><title>Firewall Authentication</title></head><body><form action=\"/\" method=\"post\">"
    echo "<input type=\"hidden\" name=\"4Tredir\" value=\"http://198.51.100.7/\"><input type=\"hidden\" name=\"magic\" value=\"$FGT_MAGIC\">"
    echo "<h1>Authentication Required</h1>"
    [ -n "${1:-}" ] && echo "<p class=\"err\">$1</p>"
    echo "<p>Please enter your username and password to continue.</p>"
    echo "<p>Username <input type=\"text\" name=\"username\"></p><p>Password <input type=\"password\" name=\"password\"></p>"
    echo "<input type=\"submit\" value=\"Continue\"></form></body></html>"
}
# Aruba's captive portal login page: its script adds cmd and url before posting; the form has neither.
aruba_page() {  # [ERROR]
    echo "<html><head><title>Aruba Captive Portal</title></head><body><h1>Welcome</h1>"
    [ -n "${1:-}" ] && echo "<div class=\"error\">$1</div>"
    echo "<form method=\"post\" action=\"/cgi-bin/login\" onsubmit=\"return addFields(this)\">"
    echo "<p>Username <input type=\"text\" name=\"user\"></p><p>Password <input type=\"password\" name=\"password\"></p>"
    echo "<input type=\"submit\" value=\"Log In\"></form>"
    cat <<'EOF_ARUBA'
<script type="text/javascript">
function addFields(f) {
    var q = window.location.search.substring(1).split('&'), url = '';
    for (var i = 0; i < q.length; i++) if (q[i].indexOf('url=') == 0) url = decodeURIComponent(q[i].substring(4));
    var c = document.createElement('input'); c.type = 'hidden'; c.name = 'cmd'; c.value = 'authenticate'; f.appendChild(c);
    var u = document.createElement('input'); u.type = 'hidden'; u.name = 'url'; u.value = url; f.appendChild(u);
    return true;
}
</script></body></html>
EOF_ARUBA
}
# Ruckus SmartZone's hotspot page: the form has no action (its script: https://<sip>:9997/SubscriberPortal/
# hotspotlogin) and uip, client_mac and url empty (its script fills them from the query).
ruckus_page() {  # [ERROR]
    echo "<html><head><title>Guest Access</title></head><body><h1>Guest Access</h1>"
    [ -n "${1:-}" ] && echo "<div class=\"error\">$1</div>"
    echo "<form id=\"login\" method=\"post\"><p>Username <input type=\"text\" name=\"username\"></p>"
    echo "<p>Password <input type=\"password\" name=\"password\" maxlength=\"31\"></p>"
    echo "<input type=\"hidden\" name=\"uip\" value=\"\"><input type=\"hidden\" name=\"client_mac\" value=\"\"><input type=\"hidden\" name=\"url\" value=\"\">"
    echo "<input type=\"submit\" value=\"Log In\"></form>"
    cat <<'EOF_RUCKUS'
<script type="text/javascript">
function param(name) {
    var m = new RegExp('[?&]' + name + '=([^&]*)').exec(window.location.search);
    return m ? decodeURIComponent(m[1]) : '';
}
var f = document.getElementById('login');
f.action = 'https://' + param('sip') + ':9997/SubscriberPortal/hotspotlogin';
f.uip.value = param('uip'); f.client_mac.value = param('client_mac'); f.url.value = param('url');
</script></body></html>
EOF_RUCKUS
}
# product_venue: answers this AP's product paths (and exits), or returns for the generic portal.
product_venue() {
    case "$product:$method $path" in
        cisco*:"GET /fs/customwebauth/login.html")
            cisco_page | respond 200 OK; exit 0;;
        cisco*:"POST /login.html")
            ok=1; redir=$(field redirect_url)
            [ "$(field buttonClicked)" = 4 ] && [ -n "$redir" ] || ok=0
            if [ "$product" = "cisco webauth" ]; then account_ok "$(field username)" "$(field password)" || ok=0; fi
            if [ $ok = 1 ]; then
                authorize; case $redir in http://*|https://*) ;; *) redir=http://$redir;; esac
                redirect_to "$redir"
            fi
            err=; [ "$product" = "cisco webauth" ] && err="The User Name and Password combination you have entered is invalid. Please try again."
            cisco_page "$err" | respond 200 OK; exit 0;;
        meraki*:"GET /splash/")
            meraki_page | respond 200 OK; exit 0;;
        "meraki click:GET /splash/grant")
            body=$query; cont=$(field continue_url); body=
            [ -n "$cont" ] || { echo "<html><body>Bad request: continue_url missing</body></html>" | respond 400 "Bad Request"; exit 0; }
            authorize; redirect_to "$cont";;
        "meraki signon:POST /splash/login")
            succ=$(field success_url)
            if [ "$query" = mauth=MA1 ] && account_ok "$(field username)" "$(field password)" && [ -n "$succ" ]; then
                authorize; redirect_to "$succ"
            fi
            meraki_page "Invalid email or password. Please try again." | respond 200 OK; exit 0;;
        fortinet:"GET /fgtauth")
            [ "${RADIO_PORT:-}" = 1000 ] || return 0
            fgt_disclaimer "$query" | respond 200 OK; exit 0;;
        fortinet:"POST /")
            [ "${RADIO_PORT:-}" = 1000 ] || return 0
            if [ "$(field magic)" != $FGT_MAGIC ] || [ -z "$(field 4Tredir)" ]; then fgt_disclaimer $FGT_MAGIC | respond 200 OK; exit 0; fi
            mkdir -p $d/fgt-accepted
            if [ -n "$(field username)" ] && [ -f "$d/fgt-accepted/$peer" ]; then
                if account_ok "$(field username)" "$(field password)"; then
                    authorize
                    echo "<html><head><title>Firewall Authentication</title></head><body><h1>Authentication successful</h1><p><a href=\"/keepalive?$FGT_MAGIC\">Keep this window open</a></p></body></html>" \
                        | respond 200 OK; exit 0
                fi
                fgt_login "Firewall authentication failed. Please try again." | respond 200 OK; exit 0
            fi
            if [ "$(field answer)" = 1 ]; then : > "$d/fgt-accepted/$peer"; fgt_login | respond 200 OK; exit 0; fi
            rm -f "$d/fgt-accepted/$peer"; fgt_disclaimer $FGT_MAGIC | respond 200 OK; exit 0;;
        aruba:"GET /cgi-bin/login")
            aruba_page | respond 200 OK; exit 0;;
        aruba:"POST /cgi-bin/login")
            url=$(field url)
            if [ "$(field cmd)" = authenticate ] && account_ok "$(field user)" "$(field password)" && [ -n "$url" ]; then
                authorize; redirect_to "$url"
            fi
            aruba_page "Authentication failed. Please check your username and password." | respond 200 OK; exit 0;;
        ruckus:"GET /ruckus/login.html")
            ruckus_page | respond 200 OK; exit 0;;
        ruckus:"POST /SubscriberPortal/hotspotlogin")
            [ "$scheme:${RADIO_PORT:-}" = https:9997 ] || return 0
            url=$(field url)
            if account_ok "$(field username)" "$(field password)" && [ "$(field uip)" = "$peer" ] \
                && [ -n "$(field client_mac)" ] && [ "$(field client_mac)" = "$(client_mac)" ] && [ -n "$url" ]; then
                authorize; redirect_to "$url"
            fi
            ruckus_page "Login failed: the username or password is wrong." | respond 200 OK; exit 0;;
    esac
    return 0
}
api_json() {
    ctype="application/captive+json"
    if [ -f $d/portal ] && [ ! -f "$d/authed/$peer" ]; then
        printf '{"captive": true, "user-portal-url": "%s"}' "$login_url" | respond 200 OK; exit 0
    fi
    if [ -s "$d/authed/$peer" ]; then
        printf '{"captive": false, "user-portal-url": "%s", "seconds-remaining": %s, "can-extend-session": false}' \
            "$login_url" $(($(cat "$d/authed/$peer") - now)) | respond 200 OK; exit 0
    fi
    printf '{"captive": false}' | respond 200 OK; exit 0
}

case "$method $path" in
    "GET /captive-api")
        api_json;;
    "GET /hostile/loop")
        next=$(( $(echo "$query" | tr -dc 0-9 | head -c 6) + 1 ))
        echo "<html><body>again</body></html>" | respond 302 Found "Location: $self/hostile/loop?n=$next"; exit 0;;
    "GET /hostile/huge")
        printf 'HTTP/1.0 200 OK\r\nContent-Type: text/html\r\nConnection: close\r\n\r\n<html><body>'
        access "200 (8 MiB)"
        yes '<p>The radio test portal pads this page to eight mebibytes, and no client should read it all.</p>' \
            | head -c 8388608
        exit 0;;
    "GET /hostile/hang")
        printf 'HTTP/1.0 200 OK\r\nContent-Type: text/html\r\nContent-Length: 100000\r\n\r\n<html><head><title>Wait'
        access "200 (hangs)"
        exec sleep 300;;
    "GET /hostile/broken-html")
        # Streamed (a shell variable cannot hold the NUL bytes), no length: the connection's end ends it.
        printf 'HTTP/1.0 200 OK\r\nContent-Type: text/html\r\nConnection: close\r\n\r\n'
        printf '<html><head><title>Broken</title><body><h1>Terms<p>Accept <b><i>the</b></i> terms'
        printf '\000\001\377 <div><div><form method="post" action="/login"><table><tr><td>'
        printf '<input type="checkbox" name="accept" value="yes"><input type="hidden" name="tok'
        access "200 (broken HTML)"
        exit 0;;
    "GET /hostile/broken-json")
        ctype="application/captive+json"
        printf '{"captive": tru, "user-portal-url": "https://portal.radio.te' | respond 200 OK; exit 0;;
esac

if [ -f $d/portal ] && [ ! -f "$d/authed/$peer" ] && ! grep -qxF "${host%:*}" $d/garden 2>/dev/null; then
    req="$method $path"
    if [ -f $d/form_get ] && [ "$req" = "GET /login" ] && [ -n "$query" ]; then req="POST /login"; body=$query; fi
    # The front page of another host (a probe such as Ubuntu's `/`) is sent to the login, as portals do; the
    # page is served in place only on the portal's own host, where its cookie is the login's.
    own=${login_url#*://}; own=${own%%/*}
    if [ "$req" = "GET /" ] && [ "${host%:*}" != "${own%:*}" ] && [ "${host%:*}" != "$gw" ]; then req="GET / (another host)"; fi
    [ -n "$product" ] && product_venue
    case "$req" in
        "POST /login")
            ok=1
            code=$(field code); [ -n "$code" ] || code=$(field Password)
            if [ -f $d/code ] && [ "$code" != "$(cat $d/code)" ]; then ok=0; fi
            [ "$(field accept)" = yes ] || [ -n "$(field UserName)" ] || ok=0
            if [ -f $d/token ]; then
                [ "$(field token)" = "$(token)" ] || ok=0
                case "; $(echo $cookie); " in *"; radio_sid=$(token)-sid; "*) ;; *) ok=0;; esac
            fi
            if [ -f $d/room ]; then
                set -- $(cat $d/room)
                [ -f $d/record ] && { [ -n "$(field room)" ] || [ -n "$(field name)" ]; } \
                    && echo "$(cut -d' ' -f1 /proc/uptime) room=$(field room) name=$(field name)" >> $d/answers
                [ "$(field room)" = "$1" ] && [ "$(field name)" = "$2" ] \
                    || { ok=0; refusal=$(cat $d/refusal 2>/dev/null || echo "The last name and room number do not match our records."); }
            fi
            if [ -f $d/plans ] && [ "$(field plan)" != free ]; then
                ok=0; refusal="The premium plan is paid at reception: please choose the free plan here."
            fi
            if [ -f $d/csrf ]; then
                # The token the last page gave this client, with its cookie; once.
                set -- $(cat "$d/issued/$peer" 2>/dev/null); rm -f "$d/issued/$peer"
                if [ -n "${1:-}" ] && [ "$(field csrf)" = "$1" ] && case "; $(echo $cookie); " in *"; seeblick_sid=$2; "*) true;; *) false;; esac; then
                    note="csrf fresh"
                else
                    ok=0; note="csrf stale"; refusal="Your session has expired. Please try again."
                fi
            fi
            if [ $ok = 1 ] && [ -f $d/steps ]; then
                echo "<html><head><meta http-equiv=\"refresh\" content=\"1; url=/activate?t=$n-$(cat $d/steps)\"></head><body>Please wait</body></html>" \
                    | respond 200 OK; exit 0
            fi
            if [ $ok = 1 ]; then
                authorize
                echo "<html><body><h1>You are online</h1></body></html>" | respond 200 OK; exit 0
            fi
            csrf_cookie=; [ -f $d/csrf ] && { n_=$note; issue_csrf; note="$n_, new $note"; }
            login_page | respond 403 Forbidden "$csrf_cookie"; exit 0;;
        "GET /splash.html"|"GET /opennds_preauth/")
            body=$query; hidden="<input type=\"hidden\" name=\"fas\" value=\"$(field fas)\">"
            if [ "$path" = /splash.html ] || [ "$(field tos)" = accepted ]; then
                action=/opennds_auth/; [ "$path" = /splash.html ] && action=http://$gw/nodogsplash_auth/
                hidden="<input type=\"hidden\" name=\"tok\" value=\"$n-tok\"><input type=\"hidden\" name=\"redir\" value=\"http://198.51.100.7/\">"
            elif [ "$(field landing)" = yes ]; then
                action=/opennds_preauth/; hidden="$hidden<p>Terms of service</p><input type=\"hidden\" name=\"tos\" value=\"accepted\">"
            else
                action=/opennds_preauth/; hidden="$hidden<input type=\"hidden\" name=\"landing\" value=\"yes\">"
            fi
            printf '%s' "<html><head><title>Guest</title></head><body><form method=\"get\" action=\"$action\">$hidden
<input type=\"submit\" value=\"Continue\"></form></body></html>" | respond 200 OK; exit 0;;
        "GET /nodogsplash_auth/"|"GET /opennds_auth/")
            body=$query
            [ "$(field tok)" = "$n-tok" ] || { echo refused | respond 403 Forbidden; exit 0; }
            authorize
            printf '' | respond 302 Found "Location: $(field redir)"; exit 0;;
        "GET /activate")
            [ -f $d/steps ] && [ "$query" = "t=$n-$(cat $d/steps)" ] || { echo refused | respond 403 Forbidden; exit 0; }
            authorize
            echo "<html><body><h1>You are online</h1></body></html>" | respond 200 OK; exit 0;;
        "GET /uam/")
            body=$query
            refusal=; [ "$(field res)" = failed ] && refusal='<div class="error">Your user name or password is wrong</div>'
            printf '%s' "<html><head><title>Hostel Wi-Fi</title></head><body>$refusal<form method=\"post\" action=\"/uam/\">
<input type=\"text\" name=\"UserName\"><input type=\"password\" name=\"Password\"><input type=\"submit\" value=\"Login\"></form></body></html>" \
                | respond 200 OK; exit 0;;
        "GET /logon")
            body=$query
            if [ "$(field username)" = guest ] && [ "$(field response)" = "$(chap_md5 '\000')" ]; then
                authorize; printf '' | respond 302 Found "Location: http://$gw/uam/?res=success"; exit 0
            fi
            printf '' | respond 302 Found "Location: http://$gw/uam/?res=failed&reply=Login+failed"; exit 0;;
        "GET /mt-login"|"POST /mt-login")
            if [ "$method" = POST ] && [ "$(field username)" = guest ] && [ "$(field password)" = "$(chap_md5 '\123')" ]; then
                authorize; echo "<html><head><title>hotspot</title></head><body>You are logged in</body></html>" | respond 200 OK; exit 0
            fi
            # A refused login: login.html again with $(error) where RouterOS v6's template puts it.
            mt_error=; [ "$method" = POST ] && mt_error='<br /><div style="color: #FF8080; font-size: 9px">invalid username or password</div>'
            printf '%s' "<html><head><title>internet hotspot &gt; login</title></head><body>
<form name=\"sendin\" action=\"http://$gw/mt-login\" method=\"post\"><input type=\"hidden\" name=\"username\" /><input type=\"hidden\" name=\"password\" /><input type=\"hidden\" name=\"dst\" value=\"http://198.51.100.7/\" /></form>
<script type=\"text/javascript\">
function doLogin() {
    document.sendin.username.value = document.login.username.value;
    document.sendin.password.value = hexMD5('\\123' + document.login.password.value + '$CHAP_OCTAL');
    document.sendin.submit(); return false;
}
</script>
<form name=\"login\" action=\"http://$gw/mt-login\" method=\"post\" onSubmit=\"return doLogin()\"><input type=\"hidden\" name=\"dst\" value=\"http://198.51.100.7/\" />
<input name=\"username\" type=\"text\" /><input name=\"password\" type=\"password\" /><input type=\"submit\" value=\"OK\" /></form>$mt_error</body></html>" \
                | respond 200 OK; exit 0;;
        "GET /guest/s/default/")
            printf '%s' '<!DOCTYPE html><html ng-app="app-unifi-hotspot-portal"><head><title>Guest Portal</title><script src="js/app.js"></script></head><body><div ui-view></div></body></html>' \
                | respond 200 OK "Set-Cookie: unifises=radio$n; Path=/"; exit 0;;
        "GET /guest/s/default/hotspotconfig")
            ctype="application/json"
            case $product in
                "unifi voucher") printf '{"meta":{"rc":"ok"},"data":[{"auth":"hotspot","voucher_enabled":true,"password_enabled":false,"payment_enabled":false}]}';;
                "unifi password") printf '{"meta":{"rc":"ok"},"data":[{"auth":"password","voucher_enabled":false,"password_enabled":true,"payment_enabled":false}]}';;
                *) printf '{"meta":{"rc":"ok"},"data":[{"auth":"none","voucher_enabled":false,"password_enabled":false,"payment_enabled":false}]}';;
            esac | respond 200 OK; exit 0;;
        "POST /guest/s/default/login")
            ctype="application/json"
            # Terms only (no --unifi): {} logs in. A voucher or password venue: its JSON, exactly, as application/json.
            case "$product:$body" in
                :"{}"|"unifi voucher:{\"by\":\"voucher\",\"code\":\"12345-67890\"}"|"unifi password:{\"by\":\"password\",\"password\":\"radio 4711\"}")
                    if [ -z "$product" ] || [ "${ctype_in%%;*}" = application/json ]; then
                        authorize; printf '{"meta":{"rc":"ok"},"data":[{"redirect_url":"http://198.51.100.7/"}]}' | respond 200 OK; exit 0
                    fi;;
            esac
            msg=api.err.Invalid
            [ "${ctype_in%%;*}" = application/json ] && case "$product:$body" in "unifi voucher:{\"by\":\"voucher\",\"code\":\""*) msg=api.err.InvalidVoucher;; esac
            printf '{"meta":{"rc":"error","msg":"%s"},"data":[]}' $msg | respond 400 "Bad Request"; exit 0;;
        "GET /portal")
            printf '%s' '<!DOCTYPE html><html><head><title>Portal</title><script src="/portal/js/portal.js"></script></head><body><div id="oper-hint"></div></body></html>' \
                | respond 200 OK; exit 0;;
        "POST /portal/getPortalPageSetting"|"POST /portal/auth")
            ctype="application/json"
            # The identity Omada's script sends: its page's query values, decoded, in the script's order.
            sent=$body; body=${login_url#*\?}
            identity="\"clientMac\":\"$(field clientMac)\",\"apMac\":\"$(field apMac)\",\"ssidName\":\"$(field ssidName)\",\"radioId\":\"$(field radioId)\",\"originUrl\":\"$(field originUrl)\"}"
            body=$sent
            if [ "$path" = /portal/getPortalPageSetting ]; then
                [ "$body" = "{$identity" ] || { printf '{"errorCode":-1,"msg":"Invalid request."}' | respond 200 OK; exit 0; }
                case $product in
                    "omada voucher") printf '{"errorCode":0,"msg":"Success.","result":{"authType":11,"hotspot":{"enabledTypes":[3]},"landingUrl":"http://198.51.100.7/"}}';;
                    *) printf '{"errorCode":0,"msg":"Success.","result":{"authType":5,"landingUrl":"http://198.51.100.7/"}}';;
                esac | respond 200 OK; exit 0
            fi
            if [ "${ctype_in%%;*}" = application/json ]; then
                case "$product:$body" in
                    "omada voucher:{\"authType\":3,\"voucherCode\":\"12345-67890\",$identity"|"omada user:{\"authType\":5,\"localuser\":\"guest\",\"localuserPsw\":\"radio 4711\",$identity")
                        authorize; printf '{"errorCode":0,"msg":"Success."}' | respond 200 OK; exit 0;;
                    "omada voucher:{\"authType\":3,\"voucherCode\":"*)
                        printf '{"errorCode":-41502,"msg":"Voucher code is incorrect."}' | respond 200 OK; exit 0;;
                esac
            fi
            printf '{"errorCode":-41501,"msg":"Failed to authenticate."}' | respond 200 OK; exit 0;;
        "GET /login"|"GET /"|"POST /terms"|"GET /terms")
            steps=; case $path in /terms) ;; *) steps=$(cat $d/steps 2>/dev/null);; esac
            if [ "$steps" = form ]; then
                printf '%s' "<html><head><title>Welcome</title></head><body><form method=\"post\" action=\"/terms\">
<input type=\"hidden\" name=\"step\" value=\"1\"><button type=\"submit\">Continue</button></form></body></html>" | respond 200 OK; exit 0
            fi
            if [ "$steps" = link ]; then
                echo "<html><head><title>Welcome</title></head><body><a href=\"/logout\">Log out</a> <a href=\"/terms?accept=1\">Accept and continue</a></body></html>" \
                    | respond 200 OK; exit 0
            fi
            if [ -f $d/token ]; then
                login_page | respond 200 OK "Set-Cookie: radio_sid=$(token)-sid; Path=/; HttpOnly"; exit 0
            fi
            if [ -f $d/csrf ]; then
                issue_csrf; login_page | respond 200 OK "$csrf_cookie"; exit 0
            fi
            login_page | respond 200 OK; exit 0;;
        "POST /wispr-login")
            user=$(field UserName); pass=$(field Password)
            if [ -f $d/wispr_user ]; then
                [ "$user" = "$(cat $d/wispr_user)" ] && [ "$pass" = "$(cat $d/wispr_password 2>/dev/null)" ]; ok=$?
            else
                [ -n "$user" ] && { [ ! -f $d/code ] || [ "$pass" = "$(cat $d/code)" ]; }; ok=$?
            fi
            if [ "$(cat $d/wispr_reply 2>/dev/null)" = broken ]; then
                note="WISPr broken"
                printf '<html><!--\n<WISPAccessGatewayParam><AuthenticationReply><MessageType>120</MessageType><ResponseCode>5' \
                    | respond 200 OK; exit 0
            fi
            if [ $ok != 0 ]; then
                note="WISPr 100"
                wispr_reply AuthenticationReply 120 100 "<ReplyMessage>Invalid username or password</ReplyMessage>" | respond 200 OK; exit 0
            fi
            if [ -f $d/wispr_pending ]; then
                mkdir -p $d/pending; : > "$d/pending/$peer"; note="WISPr 201"
                wispr_reply AuthenticationReply 120 201 "<LoginResultsURL>$self/wispr-result</LoginResultsURL><Delay>1</Delay>" \
                    | respond 200 OK; exit 0
            fi
            authorize; note="WISPr 50"
            wispr_reply AuthenticationReply 120 50 "<ReplyMessage>Welcome</ReplyMessage><LogoffURL>$self/logout</LogoffURL>" \
                | respond 200 OK; exit 0;;
        "GET /wispr-result")
            if [ -f "$d/pending/$peer" ]; then
                rm -f "$d/pending/$peer"; authorize; note="WISPr 50"
                wispr_reply AuthenticationPollReply 140 50 "<ReplyMessage>Welcome</ReplyMessage><LogoffURL>$self/logout</LogoffURL>" \
                    | respond 200 OK; exit 0
            fi
            note="WISPr 100"
            wispr_reply AuthenticationPollReply 140 100 "<ReplyMessage>No login pending</ReplyMessage>" | respond 200 OK; exit 0;;
        *)
            echo "<html><body><a href=\"$login_url\">Log in</a></body></html>" \
                | respond 302 Found "Location: $login_url"; exit 0;;
    esac
fi
case "$method $path" in
    "GET /generate_204"|"GET /gen_204")
        printf '' | respond 204 "No Content"; exit 0;;
    "GET /")
        # Ubuntu's check (connectivity-check.ubuntu.com/, one of hotspotd's default probes) answers 204.
        if [ "$host" = connectivity-check.ubuntu.com ]; then printf '' | respond 204 "No Content"; exit 0; fi
        echo "<html><body>Hello from the radio test internet ($path)</body></html>" | respond 200 OK; exit 0;;
    "GET /hotspot-detect.html"|"GET /library/test/success.html")
        echo "<HTML><HEAD><TITLE>Success</TITLE></HEAD><BODY>Success</BODY></HTML>" | respond 200 OK; exit 0;;
    "POST /logout"|"GET /logout")
        rm -f "$d/authed/$peer"
        echo "<html><body>Logged out</body></html>" | respond 200 OK; exit 0;;
    *)
        echo "<html><body>Hello from the radio test internet ($path)</body></html>" | respond 200 OK; exit 0;;
esac
