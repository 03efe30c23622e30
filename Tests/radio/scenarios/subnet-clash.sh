# subnet-clash: the venue's DHCP hands out 192.168.1.x while the router's LAN (a dummy interface standing in
# for br-lan) is 192.168.1.1/24, as on a fresh OpenWrt. The daemon finds the clash at the lease and says it
# in the log and `status` (text and JSON) with both prefixes, and changes nothing; with `option lan_clash
# 'renumber'` and a reload it moves the LAN to 192.168.2.1/24 through `uci` and `/etc/init.d/network
# reload` (stand-ins here that record what was asked and move the dummy's address; OpenWrt's own uci is
# what Tests/openwrt runs), once: the LAN put back on the venue's subnet is reported, not moved again.
# radio-timeout: 120
# radio-arches: x86_64

ip link add lan0 type dummy || fail "no dummy device"
ip addr add 192.168.1.1/24 dev lan0
ip link set lan0 up
trap 'rm -f /usr/bin/uci /etc/init.d/network; ip link del lan0 2>/dev/null' EXIT
lan=$RADIO_RUN/lan-ipaddr
echo 192.168.1.1 > "$lan"
cat > /usr/bin/uci <<EOS
#!/bin/sh
echo "uci \$*" >> $RADIO_DIR/uci.log
[ "\$1" = -q ] && shift
case "\$1 \$2" in
    "get network.lan.ipaddr") cat $lan;;
    "set network.lan.ipaddr="*) echo "\${2#*=}" > $lan.new;;
    "commit network") [ -f $lan.new ] && mv $lan.new $lan;;
esac
exit 0
EOS
mkdir -p /etc/init.d
cat > /etc/init.d/network <<EOS
#!/bin/sh
echo "network \$*" >> $RADIO_DIR/uci.log
[ "\$1" = reload ] && ip addr flush dev lan0 && ip addr add "\$(cat $lan)/24" dev lan0
EOS
chmod 755 /usr/bin/uci /etc/init.d/network

# The venue: its AP's DHCP server on 192.168.1.0/24 (udhcpd as dhcp_start runs it, another subnet).
ap_start venue --ssid "Venue Lobby" --open
ifname=$(ap_if venue)
in_ap ip addr flush dev "$ifname"
in_ap ip addr add 192.168.1.254/24 dev "$ifname"
cat > "$RADIO_DIR/udhcpd-venue.conf" <<EOS
start 192.168.1.100
end 192.168.1.199
interface $ifname
lease_file $RADIO_DIR/udhcpd-venue.leases
pidfile $RADIO_DIR/udhcpd-venue.pid
opt subnet 255.255.255.0
opt router 192.168.1.254
opt lease 3600
EOS
touch "$RADIO_DIR/udhcpd-venue.leases"
in_ap udhcpd -f "$RADIO_DIR/udhcpd-venue.conf" > "$RADIO_DIR/udhcpd-venue.log" 2>&1 &
sta_start
sta_dhcp_on_link
config() { { daemon_main netcheck_interval 0 "$@"; printf "config network\n\toption ssid 'Venue Lobby'\n"; } | daemon_config; }
config
daemon_start "$RADIO_DIR/hotspot.conf"
# '.' for the apostrophes: daemon_wait quotes its pattern in single quotes.
clash="the uplink.s 192.168.1.0/24 overlaps the router.s 192.168.1.0/24"
daemon_wait "subnet clash: $clash" 60 || { daemon_log | tail -n 30; fail "no clash found at the lease"; }
st=$(daemon_cli status); log "$st"
expect_match "$st" "subnet clash $clash" "status names the clash with both prefixes"
expect_match "$(daemon_cli status --json)" '"subnet_clash_uplink":"192.168.1.0/24","subnet_clash_router":"192.168.1.0/24","lan_renumber":null' "status --json too"
[ -s "$RADIO_DIR/uci.log" ] && fail "uci ran without option lan_clash 'renumber'"

config lan_clash renumber
daemon_mark
daemon_cli reload > /dev/null || fail "reload refused"
daemon_wait "moved the LAN from 192.168.1.1 to 192.168.2.1" 30 || { daemon_log | tail -n 30; fail "the LAN was not moved"; }
log "$(cat "$RADIO_DIR/uci.log")"
expect_match "$(ip -4 addr show dev lan0)" "inet 192.168.2.1/24" "the LAN's address changed"
expect_match "$(cat "$RADIO_DIR/uci.log")" "uci set network.lan.ipaddr=192.168.2.1" "uci was asked for the new address"
expect_match "$(cat "$RADIO_DIR/uci.log")" "uci commit network" "and to commit it"
expect_match "$(cat "$RADIO_DIR/uci.log")" "network reload" "and the network was reloaded"
wait_for "! daemon_cli status | grep -q 'subnet clash'" 10 || fail "status still names a clash"
st=$(daemon_cli status); log "$st"
expect_no_match "$st" "subnet clash" "status names no clash any more"
expect_match "$st" "lan +moved the LAN from 192.168.1.1 to 192.168.2.1" "status says what was done"

# Never twice for one venue network: the LAN put back on 192.168.1.0/24 is reported, not moved again.
daemon_mark
ip addr flush dev lan0; ip addr add 192.168.1.1/24 dev lan0
daemon_wait "subnet clash: $clash" 10 || fail "the clash again was not said"
sleep 3
expect_eq "$(daemon_count "lan_clash: moving the LAN")" 1 "the LAN was moved once"
expect_eq "$(grep -c 'network reload' "$RADIO_DIR/uci.log")" 1 "one network reload"
