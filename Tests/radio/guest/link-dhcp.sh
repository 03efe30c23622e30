#!/bin/sh
# wpa_cli action script: DHCP follows the link, as netifd does on OpenWrt — a udhcpc on CONNECTED, and on
# DISCONNECTED the client stops and the address goes. hotspotd learns the address from the kernel.
ifname=$1
pidfile=/run/radio/udhcpc-$ifname.pid
stop() {
    [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null
    rm -f "$pidfile"
    ip -4 addr flush dev "$ifname"
    ip -4 route flush dev "$ifname" 2>/dev/null
}
case $2 in
    CONNECTED)
        echo "radio-mark connected $ifname" > /dev/kmsg
        stop
        udhcpc -i "$ifname" -b -p "$pidfile" -t 10 -T 2 -A 3 -O 114 -s /radio/udhcpc.script \
            >> /run/radio/link-dhcp.log 2>&1
        ;;
    DISCONNECTED)
        # sta_dhcp_on_link --slow-release: the client lets go of the lease late, as a busy netifd may;
        # wpa_cli runs nothing else meanwhile, so the next CONNECTED's client starts late too.
        [ -f /run/radio/dhcp-release-delay ] && sleep "$(cat /run/radio/dhcp-release-delay)"
        stop
        ;;
esac
exit 0
