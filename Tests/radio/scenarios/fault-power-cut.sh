# fault-power-cut: hotspotd SIGKILLed 50 times, each a random 0-60 ms after a `join`, `forget` or `config
# save` that rewrites its state file or its UCI file: after every kill it starts again (so the UCI file loads),
# loads its state file (no "did not load", no .bad file) and still lists the owner's networks from before;
# once it settles, wpa_supplicant holds one network block, the uplink's (none half made by a kill).
# radio-timeout: 240
# radio-arches: x86_64 aarch64

ap_start home --ssid "Home Base" --psk "home-sweet-home-1" --dhcp
sta_start
sta_dhcp_on_link
daemon_main | daemon_config
state=$RADIO_DIR/hotspotd.state
# The owner's networks from before: Home Base, which is here, and three that are not.
{ echo 'hotspotd-state 1'
  echo "network $(hexof 'Home Base') 0 $(hexof home-sweet-home-1)"
  for n in 1 2 3; do echo "network $(hexof "Keep $n") 0 $(hexof "keep-password-$n")"; done
} > $state
chmod 600 $state
umask 077; printf 'churn-password-9\n' > "$RADIO_DIR/churn.pass"; umask 022

# One change to one of the files: join, forget (the state file) or config save (the UCI file), in turn.
change() {
    case $(($1 % 3)) in
        0) daemon_cli join "Churn $(($1 % 2))" --passphrase-file "$RADIO_DIR/churn.pass";;
        1) daemon_cli forget "Churn $((($1 + 1) % 2))";;
        2) daemon_cli config save --portal-domain "p$1.example";;
    esac > /dev/null 2>&1
}

daemon_start "$RADIO_DIR/hotspot.conf"
wait_for 'daemon_cli networks > /dev/null 2>&1' 20 || fail "the daemon did not start"
kills=0 midwrite=0
while [ $kills -lt 50 ]; do
    # A change, and the kill a random 0-60 ms later: before, during or after the daemon writes its file.
    change $kills &
    changing=$!
    usleep $((RANDOM % 60000))
    daemon_stop KILL
    kills=$((kills + 1))
    [ -e $state.tmp ] || [ -e $RADIO_DIR/hotspot.conf.tmp ] && midwrite=$((midwrite + 1))
    daemon_mark
    daemon_start "$RADIO_DIR/hotspot.conf"
    wait_for 'daemon_cli networks > $RADIO_RUN/networks 2>&1' 15 || fail "not back after kill $kills: $(daemon_log | tail -n 3)"
    daemon_wait 'started on' 5 || fail "kill $kills: the UCI file did not load"
    [ -e $state.bad ] && fail "kill $kills: the state file did not load: $(daemon_log | grep 'did not load')"
    for n in 'Home Base' 'Keep 1' 'Keep 2' 'Keep 3'; do
        grep -qx "$n" $RADIO_RUN/networks || fail "kill $kills: $n is gone: $(cat $RADIO_RUN/networks | tr '\n' ,)"
    done
done
wait $changing
expect_eq "$(daemon_count 'did not load')" 0 "no start found a state file it could not load"
note "$kills kills, $midwrite of them with a write under way (a .tmp left behind)"

# Settled: the owner forgets the churn networks: their blocks go, a killed run's too, even of one no longer
# the owner's because the kill cut its forget short. (A killed run's block of a network nobody forgets
# stays until hotspotd joins that network again: it cannot tell it from a block it did not make.)
# Back on Home Base there is one network block: its own reused, none left half made by a kill.
note "blocks before the forgets: $(wpa list_networks | tail -n +2 | cut -f2 | tr '\n' ,)"
for n in 0 1; do daemon_cli forget "Churn $n" > /dev/null 2>&1; done
wait_for '[ "$(sta_state)" = COMPLETED ] && wpa status | grep -qx "ssid=Home Base"' 60 || fail "not back on Home Base"
wait_for '[ "$(wpa list_networks | tail -n +2 | wc -l)" = 1 ]' 10
expect_eq "$(wpa list_networks | tail -n +2 | wc -l)" 1 "one network block: $(wpa list_networks | tail -n +2 | cut -f2 | tr '\n' ,)"
expect "daemon_cli config check > /dev/null" "the UCI file is valid"
