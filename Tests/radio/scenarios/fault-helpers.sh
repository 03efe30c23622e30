# fault-helpers: helpers as bad as a helper gets, each as a user of its own, answering every scan: one
# forks without end, one eats memory, one floods stdout, one floods stderr, one ignores TERM and keeps a
# child that does too. Each is stopped as the README says (32 processes a run, 32 MB of address space a
# process, 64 KiB of stdout, command_timeout for the rest), a well-behaved helper keeps answering,
# `status` answers throughout, nothing of theirs outlives the daemon, and its memory does not grow.
# radio-timeout: 150
# radio-arches: x86_64 aarch64

ap_start cafe --ssid "Fault Cafe" --open
sta_start

daemon_helper bomb <<'EOS'
# Forks for as long as it may, until its run has no process left to start, and holds them (a shell that
# ends at a refused fork would take them all with it: it is PID 1 of its namespace).
( while :; do sleep 600 & done ) 2>/dev/null
sleep 600
EOS
daemon_helper eater <<'EOS'
exec awk 'BEGIN { s = sprintf("%4000000s", "x"); while (1) s = s s }'
EOS
daemon_helper chatter <<'EOS'
exec yes
EOS
daemon_helper shouter <<'EOS'
exec yes >&2
EOS
daemon_helper stubborn <<'EOS'
trap '' TERM
sh -c "trap '' TERM; sleep 600" &
sleep 600
EOS
daemon_helper good <<'EOS'
echo result=success
EOS
helpers="bomb:10001 eater:10002 chatter:10003 shouter:10004 stubborn:10005 good:10006"
{ daemon_main command_timeout 6; for h in $helpers; do
    printf "config helper '%s'\n\toption exec '%s'\n\toption user '%s'\n\tlist command 'filterScanList'\n" \
        "${h%%:*}" "$RADIO_HELPERS/${h%%:*}" "${h#*:}"
done; } | daemon_config
daemon_start "$RADIO_DIR/hotspot.conf"

# procs UID: how many processes that user has.
procs() { grep -l "^Uid:[[:space:]]*$1[[:space:]]" /proc/[0-9]*/status 2>/dev/null | wc -l; }
rss() { sed -n "s/^$1:[[:space:]]*\([0-9]*\) kB/\1/p" /proc/$(daemon_pid)/status; }
# outcome HELPER REGEX [SECS]: how its filterScanList ended (the ones the core stops: "failed: … timed out").
outcome() {
    daemon_wait "(helper $1: filterScanList → |filterScanList failed: $1: )$2" "${3:-30}" || fail "$1: no '$2'"
}

# The first round: the fork bomb has no more processes than its user's limit, and the daemon answers.
wait_for "[ \$(procs 10001) -gt 0 ]" 30 || fail "the fork bomb never ran"
most=0 slowest=0 i=0
while [ $i -lt 6 ]; do
    n=$(procs 10001); [ "$n" -gt "$most" ] && most=$n
    a=$(radio_uptime); daemon_cli status > /dev/null 2>&1; rc=$?; b=$(radio_uptime)
    [ $rc -le 1 ] || fail "status did not answer during the storm (exit $rc)"
    slowest=$(awk -v a="$a" -v b="$b" -v s="$slowest" 'BEGIN { d = b - a; print (d > s ? d : s) }')
    usleep 300000; i=$((i + 1))
done
expect_lt "$most" 33 "the fork bomb held at most 32 processes (it had $most)"
expect_lt 16 "$most" "the fork bomb did fork"
expect_lt "$slowest" 5 "status answered within ${slowest} s every time"
outcome good success
outcome chatter 'invalid output: more output than hotspotd reads'
outcome eater '(exited with status [1-9]|killed by signal)'
outcome bomb 'timed out'
outcome shouter 'timed out'
outcome stubborn 'timed out'

# Memory: after the first round of all of them, and after the next (a scan apart, about 12 s here).
rss1=$(rss VmRSS) hwm1=$(rss VmHWM)
daemon_mark
outcome shouter 'timed out' 30; outcome chatter 'invalid output' 30
rss2=$(rss VmRSS) hwm2=$(rss VmHWM)
[ -n "$rss1" ] && [ -n "$rss2" ] || fail "no VmRSS of the daemon"
expect_lt "$rss2" $((rss1 + 64)) "the daemon's RSS stays: $rss1 → $rss2 kB"
expect "[ $(daemon_count 'helper good: filterScanList → success') -ge 2 ]" "the good helper kept answering"

daemon_stop
usleep 500000
left=
for h in $helpers; do n=$(procs "${h#*:}"); [ "$n" = 0 ] || left="$left ${h%%:*}:$n"; done
expect_eq "$left" "" "nothing of theirs left running"
note "fork bomb held at $most processes; status at most ${slowest} s during the storm; daemon RSS $rss1 → $rss2 kB (peak $hwm1 → $hwm2 kB)"
note "$(daemon_log | grep -E 'failed: (bomb|eater|chatter|shouter|stubborn):' | sed 's/.*failed: //' | sort -u -k1,1 | tr '\n' ';')"
