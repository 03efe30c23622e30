# uplink-no-internet: two open venue APs, the stronger one with DHCP but no internet behind it. Nobody
# claims either with a portal, so the daemon checks the internet itself (the portal helper's probes): the
# stronger is found without internet and left for the weaker, which validates; status names the reason.
# Reports the time from the first verdict to online on the weaker AP (the issue asks for 30 s at most).
# radio-timeout: 150
# radio-arches: x86_64 aarch64

ap_start dead --ssid "Cafe Dead" --open --dhcp
ap_internet dead off
ap_start live --ssid "Cafe Live" --open --dhcp --txpower 1000
sta_start
sta_dhcp_on_link
daemon_lobby_helper lobby "Cafe Dead" "Cafe Live"
{
    daemon_main
    daemon_helper_section lobby
    daemon_portal_section http://probe.radio.test/generate_204
} | daemon_config
daemon_start "$RADIO_DIR/hotspot.conf"
daemon_wait 'Cafe Dead: no internet at the first look' 90 || { daemon_log | tail -n 30; fail "no verdict on the AP without internet"; }
t0=$(radio_uptime)
daemon_wait 'Cafe Dead: left: no internet, checked 2 times' 20 || { daemon_log | tail -n 30; fail "the AP without internet was not left"; }
daemon_wait 'Cafe Live: internet reachable' 40 || { daemon_log | tail -n 30; fail "not online on the AP with internet"; }
t1=$(radio_uptime)
took=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
expect_lt "${took%.*}" 30 "online on the weaker AP within 30 s of the first verdict"
st=$(daemon_cli status); rc=$?
log "$st"
expect_eq "$rc" 0 "status: usable"
expect_match "$st" "last failure +Cafe Dead: no internet, checked 2 times" "status names why Cafe Dead was left"
expect_match "$st" "internet +online for" "status shows the uplink's verdict"
expect_match "$(daemon_cli status --json)" '"internet":"online","internet_seconds":[0-9]+,"internet_checks":1' "status --json carries it"
sc=$(daemon_cli scan); log "$sc"
expect_match "$sc" "no internet for [0-9]+ s, checked 2 times" "scan shows Cafe Dead's verdict"
expect_match "$(daemon_cli scan --json)" '"internet":"none"' "scan --json too"
note "first verdict of no internet → online on the other AP in $took s (a second look 5 s after the first confirms)"
