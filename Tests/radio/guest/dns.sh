#!/bin/sh
# The AP side's DNS server: socat UDP4-RECVFROM:53,fork EXEC runs this once per query (the datagram on
# stdin, the answer on stdout, the client in SOCAT_PEERADDR). Debian's busybox has no dnsd, so this is a
# small authoritative responder in awk. It answers A questions:
#   *.radio.test, radio.test and the names of RADIO_WEB_NAMES (lib.sh)   → 198.51.100.80 (the AP side's
#                                                                          web server answers any address)
#   names in /run/radio/web/n/dns-hosts ("NAME ADDRESS" lines, first)    → ADDRESS
#   anything else                                                        → NXDOMAIN
# other types of a known name get an empty NOERROR answer. Per AP number n (the client's 10.42.n.x),
# /run/radio/web/n/dns-mode may say "nxdomain" (every name unknown) or "silent" (no answer at all).
# Each question is logged to /run/radio/web/dns.log.
W=/run/radio/web
q=$(dd bs=1500 count=1 2>/dev/null | od -An -v -tx1 | tr -d ' \n')
peer=${SOCAT_PEERADDR:-?}
n=${peer#*.*.}; n=${n%%.*}
mode=; [ -f "$W/$n/dns-mode" ] && read -r mode < "$W/$n/dns-mode"
[ "$mode" = silent ] && { echo "$peer (silent)" >> $W/dns.log; exit 0; }
hex=$(printf '%s\n' "$q" | awk -v mode="$mode" -v hosts="$W/$n/dns-hosts" -v web=198.51.100.80 \
    -v names="${RADIO_DNS_NAMES:-}" -v peer="$peer" -v logf="$W/dns.log" '
function val(s,   i, v) { v = 0; for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1; return v }
function h16(v) { return sprintf("%02x%02x", int(v / 256) % 256, v % 256) }
{
    q = tolower($0)
    if (length(q) < 34) exit 1
    flags = val(substr(q, 5, 4))
    if (int(flags / 32768) % 2 == 1) exit 1            # a response, not a question
    pos = 25; name = ""
    while (1) {
        if (pos + 1 > length(q)) exit 1
        l = val(substr(q, pos, 2)); pos += 2
        if (l == 0) break
        if (l >= 64 || pos + 2 * l - 1 > length(q)) exit 1
        label = ""
        for (i = 0; i < l; i++) label = label sprintf("%c", val(substr(q, pos + 2 * i, 2)))
        name = name (name == "" ? "" : ".") tolower(label); pos += 2 * l
    }
    if (pos + 7 > length(q)) exit 1
    qtype = val(substr(q, pos, 4))
    question = substr(q, 25, pos + 8 - 25)
    addr = ""
    if (mode != "nxdomain") {
        while ((getline line < hosts) > 0) { split(line, f, " "); if (tolower(f[1]) == name) { addr = f[2]; break } }
        if (addr == "" && (name == "radio.test" || name ~ /\.radio\.test$/)) addr = web
        if (addr == "") { nn = split(names, list, " "); for (i = 1; i <= nn; i++) if (list[i] == name) addr = web }
    }
    rcode = (addr == "") ? 3 : 0
    an = (addr != "" && qtype == 1) ? 1 : 0
    # QR, AA, the question RD bit, RA; one question; no authority or additional records (EDNS dropped).
    out = substr(q, 1, 4) h16(32768 + 1024 + (int(flags / 256) % 2) * 256 + 128 + rcode) "0001" h16(an) "00000000" question
    if (an) { split(addr, o, "."); out = out "c00c000100010000003c0004" sprintf("%02x%02x%02x%02x", o[1], o[2], o[3], o[4]) }
    print peer " " name " type " qtype " -> " (addr == "" ? "NXDOMAIN" : (an ? addr : "no data")) >> logf
    print out
}')
[ -n "$hex" ] && printf '%s' "$hex" | xxd -r -p
exit 0
