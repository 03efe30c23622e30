# owner-events: the owner's side on a router. A room-number helper (hotel_room's) answers uiRequired → the daemon runs
# /etc/hotspot/events.d/ (a script recording its environment, as the helpers' user, and the example
# notify with a stand-in curl) → the event names the SSID and the fields → hostile calls of
# rpcd's plugin (`/usr/libexec/rpcd/hotspot call METHOD`, JSON on stdin, as rpcd runs it) are refused and
# change nothing → the answer arrives through `call ui_submit` → presentUI → authenticated, seen through
# `call status` and one more event.
# radio-timeout: 240
# radio-arches: x86_64

hotel_room
# As the package installs them: the plugin runs /usr/sbin/hotspotd with /etc/config/hotspot.
ln -sf /usr/bin/hotspotd /usr/sbin/hotspotd
mkdir -p /etc/config; cp "$RADIO_DIR/hotspot.conf" /etc/config/hotspot
plugin() { printf '%s' "$2" | /usr/libexec/rpcd/hotspot call "$1"; }

mkdir -p /etc/hotspot/events.d /tmp/events /tmp/bin; chmod 755 /etc/hotspot /etc/hotspot/events.d /tmp/bin
chmod 1777 /tmp/events
cat > /etc/hotspot/events.d/10-record <<'EOS'
#!/bin/sh
# One append per event: a reader that sees its first line sees all of it.
record=$(echo "--- $HOTSPOT_EVENT uid $(id -u)"; env | grep '^HOTSPOT_' | sort)
printf '%s\n' "$record" >> /tmp/events/log
EOS
# The example, with a curl that records what it would send (the VM has no internet).
cp /radio/events/notify /etc/hotspot/events.d/50-notify
printf '#!/bin/sh\nprintf "%%s\\n" "$*" >> /tmp/events/curl\n' > /tmp/bin/curl
sed -i 's|^url=.*|url=http://ntfy.example/hotel-topic PATH=/tmp/bin:$PATH|' /etc/hotspot/events.d/50-notify
chmod 755 /etc/hotspot/events.d/* /tmp/bin/curl

daemon_start "$RADIO_DIR/hotspot.conf"
wait_for "grep -q '^--- ui-required' /tmp/events/log" 90 || fail "no ui-required event"
ev=$(sed -n '/^--- ui-required/,$p' /tmp/events/log); printf '%s\n' "$ev"
expect_match "$ev" '^--- ui-required uid 65534' "the event runs as the helpers' user"
expect_match "$ev" '^HOTSPOT_SSID=Hotel Harbour$' "the event names the network"
expect_match "$ev" '^HOTSPOT_FIELDS=room name$' "the event names the fields"
wait_for "grep -q 'asks for: room name' /tmp/events/curl" 10 || fail "notify did not post"
cat /tmp/events/curl | save_artifact notify-posts.txt
expect_match "$(cat /tmp/events/curl)" 'http://ntfy.example/hotel-topic' "notify posts to the owner's URL"

ui=$(plugin ui '{}'); printf '%s\n' "$ui" | save_artifact ui.json
expect_match "$ui" '"name":"room","prompt":"Room number"' "call ui: the fields"
# Hostile calls: refused in words, nothing reaches the daemon.
for call in 'ui_submit|{"fields":{"room":"412\u0000"}}' 'ui_submit|{"fields":"room=412"}' 'ui_submit|{}' \
            'join|{"ssid_hex":"zz"}' 'join|{"ssid":"Hotel Harbour","passphrase":"short"}' 'logoff|{"x":1}' \
            'status|[1,2' 'forget|{"ssid":"a","ssid_hex":"61"}'; do
    out=$(plugin "${call%%|*}" "${call#*|}"); log "call ${call%%|*} ${call#*|} → $out"
    expect_match "$out" '^\{"error":"' "call ${call%%|*} ${call#*|}: refused"
done
out=$(head -c 20000 /dev/zero | tr '\0' a | sed 's/^/{"fields":{"room":"/; s/$/"}}/' | /usr/libexec/rpcd/hotspot call ui_submit)
expect_match "$out" '"error":"the arguments are not a JSON object of at most 16 KB"' "20 KB of arguments: refused"
expect_match "$(plugin ui '{}')" '"answers_sent":false' "after the hostile calls the login still waits"
expect_eq "$(plugin networks '{}')" '{"networks":[]}' "call networks: the refused joins saved no network"

out=$(plugin ui_submit '{"fields":{"room":"412","name":"O'"'"'Brien \"Jr\""},"ubus_rpc_session":"00000000000000000000000000000000"}')
expect_eq "$out" '{"ok":true,"message":"answers sent to helper room"}' "call ui_submit: accepted"
daemon_wait 'Hotel Harbour: authenticated by room' 60 || fail "not authenticated after call ui_submit"
status=$(plugin status '{}')
expect_match "$status" '"state":"authenticated"' "call status: authenticated"
wait_for "grep -q '^HOTSPOT_STATE=authenticated' /tmp/events/log" 10 || fail "no event for authenticated"
save_artifact events.log < /tmp/events/log
note "uiRequired → events.d (SSID, fields, as uid 65534; notify posted) → 9 hostile plugin calls refused → call ui_submit → authenticated"
