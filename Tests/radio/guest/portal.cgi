#!/bin/sh
# The AP side's web server, one process per connection (busybox nc -ll -e). It answers for every
# destination address (see web_start in lib.sh). Per AP number n (from the client's address
# 10.42.n.x) the directory /run/radio/web/n says what it is:
#   portal   present: a captive portal (redirect to /login until the client logged in)
#   code     the access code the login form wants (optional)
#   wispr    present: the login page carries WISPr 1.0 XML
#   authed/  one file per logged-in client address
# Without "portal" it is a plain "internet": /generate_204 gives 204, other paths a small page.
W=/run/radio/web
IFS= read -r line
line=$(printf '%s' "$line" | tr -d '\r')
method=${line%% *}; rest=${line#* }; target=${rest%% *}
length=0; host=
while IFS= read -r h; do
    h=$(printf '%s' "$h" | tr -d '\r')
    [ -z "$h" ] && break
    case $h in
        [Cc]ontent-[Ll]ength:*) length=$(echo "${h#*:}" | tr -dc 0-9);;
        [Hh]ost:*) host=$(echo "${h#*:}" | tr -d ' ');;
    esac
done
body=
[ "${length:-0}" -gt 0 ] 2>/dev/null && body=$(head -c "$length")
path=${target%%\?*}
query=; case $target in *\?*) query=${target#*\?};; esac

# The peer: fd 0 is the socket; find its inode in /proc/net/tcp (addresses are little-endian hex).
ino=$(readlink /proc/self/fd/0 | tr -dc 0-9)
# (The listener is dual-stack, so IPv4 peers show in tcp6 as ::ffff:a.b.c.d: the last 8 digits.)
peerhex=$(cat /proc/net/tcp /proc/net/tcp6 2>/dev/null | awk -v ino="$ino" '$10 == ino { split($3, a, ":"); print substr(a[1], length(a[1]) - 7); exit }')
peer=$(printf '%d.%d.%d.%d' 0x$(echo $peerhex | cut -c7-8) 0x$(echo $peerhex | cut -c5-6) 0x$(echo $peerhex | cut -c3-4) 0x$(echo $peerhex | cut -c1-2) 2>/dev/null)
n=$(echo "$peer" | cut -d. -f3)
gw=10.42.$n.1
d=$W/$n

field() { printf '%s&' "$body" | tr '&' '\n' | sed -n "s/^$1=//p" | head -n1 | sed 's/+/ /g'; }
respond() {  # STATUS REASON [EXTRA_HEADER] ; the body on stdin
    local b; b=$(cat)
    printf 'HTTP/1.0 %s %s\r\n' "$1" "$2"
    printf 'Server: radio-portal\r\nContent-Type: text/html; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n'
    [ -n "${3:-}" ] && printf '%s\r\n' "$3"
    printf 'Content-Length: %s\r\n\r\n' "$(printf '%s' "$b" | wc -c)"
    printf '%s' "$b"
    echo "$peer $method ${host}$target -> $1" >> $W/access.log
    exit 0
}
login_page() {
    local title; title=$(cat $d/title 2>/dev/null || echo "Radio Test Hotspot")
    echo "<html><head><title>$title</title></head><body>"
    echo "<h1>$title</h1><p>Please accept the terms to use the Internet.</p>"
    echo "<form method=\"post\" action=\"http://$gw/login\">"
    [ -f $d/code ] && echo "<p>Access code: <input name=\"code\" type=\"text\"></p>"
    echo "<p><input type=\"checkbox\" name=\"accept\" value=\"yes\"> I accept the terms</p>"
    echo "<input type=\"submit\" value=\"Log in\"></form>"
    if [ -f $d/wispr ]; then
        cat <<WISPR
<!--
<?xml version="1.0" encoding="UTF-8"?>
<WISPAccessGatewayParam xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://www.wballiance.net/wispr_2_0.xsd">
<Redirect>
<AccessProcedure>1.0</AccessProcedure>
<AccessLocation>radio-test</AccessLocation>
<LocationName>$title</LocationName>
<LoginURL>http://$gw/login</LoginURL>
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

if [ -f $d/portal ] && [ ! -f "$d/authed/$peer" ]; then
    case "$method $path" in
        "POST /login")
            ok=1
            code=$(field code); [ -n "$code" ] || code=$(field Password)
            if [ -f $d/code ] && [ "$code" != "$(cat $d/code)" ]; then ok=0; fi
            [ "$(field accept)" = yes ] || [ -n "$(field UserName)" ] || ok=0
            if [ $ok = 1 ]; then
                touch "$d/authed/$peer"
                echo "<html><body><h1>You are online</h1></body></html>" | respond 200 OK; exit 0
            fi
            login_page | respond 403 Forbidden; exit 0;;
        "GET /login"|"GET /")
            login_page | respond 200 OK; exit 0;;
        *)
            echo "<html><body><a href=\"http://$gw/login\">Log in</a></body></html>" \
                | respond 302 Found "Location: http://$gw/login"; exit 0;;
    esac
fi
case "$method $path" in
    "GET /generate_204"|"GET /gen_204")
        printf '' | respond 204 "No Content"; exit 0;;
    "GET /hotspot-detect.html"|"GET /library/test/success.html")
        echo "<HTML><HEAD><TITLE>Success</TITLE></HEAD><BODY>Success</BODY></HTML>" | respond 200 OK; exit 0;;
    "POST /logout")
        rm -f "$d/authed/$peer"
        echo "<html><body>Logged out</body></html>" | respond 200 OK; exit 0;;
    *)
        echo "<html><body>Hello from the radio test internet ($path)</body></html>" | respond 200 OK; exit 0;;
esac
