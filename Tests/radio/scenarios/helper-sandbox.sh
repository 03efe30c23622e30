# helper-sandbox: two helpers of the same user (nobody) evaluate the same venue at once. `hog` leaves a
# process behind with setsid() and forks until it can fork no more; `spy` then still forks, sees only its
# own processes (it is PID 1 of its namespace), and runs under the process-call filter. When hog's command
# ends, everything it started is gone; no helper cgroup is left; the daemon kept only the capabilities
# docs/security.md lists. Before issue 35's third round, hog's processes used up the user's 32 and spy
# could not fork, and the setsid() child outlived hog.
# radio-timeout: 150
# radio-arches: x86_64 aarch64

ap_start lobby --ssid "Sandbox Lobby" --open --dhcp
sta_start
sta_dhcp_on_link
state=$RADIO_HELPER_STATE

# Both claim the venue and authenticate it, so both get evaluate, together.
daemon_claiming_helper hog <<'EOS'
        setsid sleep 600 </dev/null >/dev/null 2>&1 &
        # Fork until refused (the subshell ends there; its sleeps stay, adopted by this PID 1).
        ( while :; do sleep 20 & done ) 2>/dev/null
        set -- /proc/[0-9]*   # no fork: the shell's own glob
        echo "hog pid=$$ processes=$#" > "$HOTSPOT_STATE_DIR/report"
        sleep 4
        echo result=success; echo confidence=low
EOS
daemon_claiming_helper spy <<'EOS'
        sleep 2   # hog has forked all it may by now
        i=0; while [ $i -lt 5 ]; do sleep 1 & i=$((i + 1)); done; wait
        seen=0; for f in /proc/[0-9]*/cmdline; do grep -q 'sleep.20' "$f" 2>/dev/null && seen=$((seen + 1)); done
        echo "spy pid=$$ forked=5 hog-seen=$seen $(grep -E '^(Seccomp|NoNewPrivs):' /proc/self/status | tr -d '\t' | tr '\n' ' ')" \
            > "$HOTSPOT_STATE_DIR/report"
        echo result=success; echo confidence=high
EOS
{ daemon_main command_timeout 20; daemon_helper_section hog; daemon_helper_section spy; } | daemon_config
daemon_start "$RADIO_DIR/hotspot.conf"

# procs UID: how many processes that user has (the VM's whole /proc: the scenario is outside every namespace).
procs() { grep -l "^Uid:[[:space:]]*$1[[:space:]]" /proc/[0-9]*/status 2>/dev/null | wc -l; }
wait_for "[ -s $state/hog/report ]" 60 || fail "hog never reported"
cgroups=$(ls -d /sys/fs/cgroup/hotspotd/*-* 2>/dev/null | wc -l)
limits=$(cat /sys/fs/cgroup/hotspotd/*-*/pids.max 2>/dev/null | sort -u | tr '\n' ' ')
daemon_wait 'Sandbox Lobby: authenticated by spy' 60 || fail "spy did not authenticate"
cat $state/hog/report $state/spy/report
expect "grep -Eq '^hog pid=1 processes=(2[4-9]|3[0-2])$' $state/hog/report" \
    "hog was PID 1 of its namespace and forked up to its own limit: $(cat $state/hog/report)"
expect "grep -q '^spy pid=1 forked=5 hog-seen=0 NoNewPrivs:1 Seccomp:2 $' $state/spy/report" \
    "spy forked beside it, saw none of hog's processes, ran under the filter: $(cat $state/spy/report)"
expect_lt 1 "$cgroups" "each run had a cgroup of its own while they ran ($cgroups)"
expect_eq "$limits" "32 " "each with a limit of 32 processes"
# hog's command ended about 4 s after its report; spy's authenticate after that.
wait_for "[ \$(procs 65534) = 0 ]" 10 || fail "nobody still has $(procs 65534) process(es): hog's setsid() child outlived it?"
wait_for "[ \$(ls -d /sys/fs/cgroup/hotspotd/*-* 2>/dev/null | wc -l) = 0 ]" 5 || fail "a helper cgroup was left: $(ls /sys/fs/cgroup/hotspotd)"
caps=$(sed -n 's/^CapEff:[[:space:]]*//p' /proc/$(daemon_pid)/status)
bound=$(sed -n 's/^CapBnd:[[:space:]]*//p' /proc/$(daemon_pid)/status)
# CHOWN DAC_OVERRIDE FOWNER KILL SETGID SETUID NET_ADMIN NET_RAW SYS_ADMIN
expect_eq "$caps" 00000000002030eb "the daemon keeps nine capabilities"
expect_eq "$bound" 00000000002030eb "and so may nothing it starts as root"
note "$(cat $state/hog/report); $(cat $state/spy/report); $cgroups run cgroups at once, pids.max $limits; CapEff $caps"
