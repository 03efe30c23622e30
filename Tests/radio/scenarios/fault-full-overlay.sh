# fault-full-overlay: the state file and the UCI file on a small tmpfs (a router's overlay) that fills up,
# then turns read-only: the daemon keeps its uplink, `status` says it cannot save and why (text and
# JSON), `config save` fails with the reason and leaves the UCI file as it was, the owner's changes meanwhile
# stay in memory; once there is space again, the next change saves them all, and a restart loads them.
# radio-timeout: 180
# radio-arches: x86_64 aarch64

ap_start home --ssid "Home Base" --psk "home-sweet-home-1" --dhcp
sta_start
sta_dhcp_on_link
overlay=$RADIO_DIR/overlay
mkdir -p $overlay
mount -t tmpfs -o size=64k,mode=755 tmpfs $overlay || fail "no tmpfs"
trap 'umount -l $overlay 2> /dev/null' EXIT
state=$overlay/hotspotd.state conf=$overlay/hotspot.conf
daemon_main | sed "s|$RADIO_DIR/hotspotd.state|$state|" > $conf
# What the router learned before: its owner's networks, a venue logged off, one whose helper failed.
{ echo 'hotspotd-state 1'
  echo "disabled $(hexof 'Bad Venue') helperFailed forever"
  echo "loggedoff $(hexof 'Old Venue')"
  echo "network $(hexof 'Home Base') 0 $(hexof home-sweet-home-1)"
  for n in 1 2; do echo "network $(hexof "Keep $n") 0 $(hexof "keep-password-$n")"; done
} > $state
chmod 600 $state $conf

daemon_start $conf
daemon_wait 'Home Base: authenticated by no helper' 60 || fail "Home Base not joined"
bssid=$(wpa status | sed -n 's/^bssid=//p')

dd if=/dev/zero of=$overlay/filler bs=1k 2> /dev/null
log "overlay full: $(df -k $overlay | tail -n 1)"
daemon_cli forget "Keep 1"; rc=$?
expect_eq "$rc" 0 "forget answered though the state cannot be saved"
daemon_cli enable "Old Venue" || fail "enable refused"
out=$(daemon_cli status); rc=$?
printf '%s\n' "$out"
expect_eq "$rc" 0 "status: the uplink is usable"
expect_match "$out" "state file   cannot save $state: No space left on device" "status says why it cannot save"
expect_match "$(daemon_cli status --json)" "\"state_save_error\":\"cannot save $state: No space left on device\"" "and so does --json"
cp $conf $RADIO_DIR/conf.before
out=$(daemon_cli config save --portal-domain full.example 2>&1); rc=$?
expect_eq "$rc" 1 "config save fails"
expect_match "$out" "cannot write $conf: No space left on device" "with the reason"
expect "cmp -s $conf $RADIO_DIR/conf.before" "the UCI file as it was"

mount -o remount,ro $overlay || fail "cannot remount read-only"
daemon_cli enable "Bad Venue" || fail "enable refused"
expect_match "$(daemon_cli status)" "cannot save $state: Read-only file system" "read-only: status says so"
out=$(daemon_cli config save --portal-domain ro.example 2>&1)
expect_match "$out" "cannot write $conf: Read-only file system" "config save: read-only"
expect_eq "$(sta_state)" COMPLETED "still associated"
expect_eq "$(wpa status | sed -n 's/^bssid=//p')" "$bssid" "to the same access point"
daemon_cli status > /dev/null; expect_eq "$?" 0 "the uplink still usable"
expect_eq "$(daemon_count 'Home Base: (lost|left)')" 0 "the uplink never dropped"

# Space again: the next change saves what the failed saves had, and a restart loads it.
mount -o remount,rw $overlay && rm -f $overlay/filler
daemon_mark
daemon_cli forget "Keep 2" || fail "forget refused"
daemon_wait "state saved to $state" 10 || fail "not saved once there was space"
expect_no_match "$(daemon_cli status)" "cannot save" "status no longer says it cannot save"
expect_eq "$(ls $overlay | grep -c '\.tmp$')" 0 "no temporary file left"
saved=$(cat $state); printf '%s\n' "$saved"
expect_eq "$(grep -c '^network ' $state)" 1 "the forgets made while full are saved"
expect_no_match "$saved" "^(loggedoff|disabled) " "the enables made while full and read-only are saved"
daemon_stop
daemon_mark
daemon_start $conf
wait_for 'daemon_cli networks > /dev/null 2>&1' 20 || fail "not started again"
expect_eq "$(daemon_cli networks)" "Home Base" "after a restart: the owner's networks as they were left"
expect_eq "$(daemon_count 'did not load')" 0 "the state file loaded"
