# join-odd-ssid: `hotspotd radio join` joins an SSID with spaces, quotes, a backslash and non-ASCII
# bytes (sent to wpa_supplicant as hex), over WPA2 with a passphrase from a file; joining the same SSID
# again reuses its network block (one block per SSID, however often it is joined); a wrong passphrase
# ends in WRONG_KEY; an unusable passphrase is refused before anything is sent.
# radio-timeout: 150
# radio-arches: x86_64
# (`hotspotd radio` is in the x86_64 build only: the ARM router builds leave the verbs out for flash.)

odd_hex="$(hexof 'Café "Zoë" \ 1')"
ap_start odd --ssid-hex "$odd_hex" --psk "zoe-secret-42"
ap_start spaced --ssid "  lead and trail  " --open --txpower 1000
sta_start

printf 'zoe-secret-42\n' > pass.txt
out=$(hotspotd radio join --interface $STA_IF --run-dir /run/hotspotd --ssid-hex "$odd_hex" --passphrase-file pass.txt --timeout 40 2>&1); rc=$?
printf '%s\n' "$out"
expect_eq "$rc" 0 "join of the odd SSID"
expect_match "$out" "connected to .* via $(ap_bssid odd)" "connected to the odd AP's BSSID"
expect_eq "$(sta_state)" COMPLETED "wpa_supplicant state"
expect_eq "$(wpa status | sed -n 's/^bssid=//p')" "$(ap_bssid odd)" "associated BSSID"
# wpa_supplicant must have been given the exact bytes: it reports them back as hex for non-ASCII SSIDs.
id=$(wpa status | sed -n 's/^id=//p')
expect_eq "$(wpa get_network $id ssid | tr -d '\r\n')" "$odd_hex" "SSID bytes in wpa_supplicant"
expect_match "$(iw dev $STA_IF link)" "Connected to $(ap_bssid odd)" "kernel agrees"
st=$(hotspotd radio station --interface $STA_IF --run-dir /run/hotspotd 2>&1)
printf '%s\n' "$st"
expect_match "$st" "associated with $(ap_bssid odd)" "radio station sees the odd AP"

# Joining the same SSID again reuses its block: while associated (nothing to do), and after a disconnect.
blocks() { wpa list_networks | tr -d '\r' | tail -n +2 | grep -c .; }
out=$(hotspotd radio join --interface $STA_IF --run-dir /run/hotspotd --ssid-hex "$odd_hex" --passphrase-file pass.txt --timeout 40 2>&1); rc=$?
printf '%s\n' "$out"
expect_eq "$rc" 0 "second join of the odd SSID (already associated)"
expect_match "$out" "network $id, reused" "second join reused network $id"
wpa disconnect >/dev/null
out=$(hotspotd radio join --interface $STA_IF --run-dir /run/hotspotd --ssid-hex "$odd_hex" --passphrase-file pass.txt --timeout 40 2>&1); rc=$?
printf '%s\n' "$out"
expect_eq "$rc" 0 "third join of the odd SSID (after a disconnect)"
expect_match "$out" "connected to .* via $(ap_bssid odd)" "connected again"
expect_eq "$(blocks)" 1 "network blocks after joining the same SSID three times"

# Leading and trailing spaces survive as well (given as text this time).
wpa disconnect >/dev/null
out=$(hotspotd radio join --interface $STA_IF --run-dir /run/hotspotd "  lead and trail  " --open --timeout 40 2>&1); rc=$?
printf '%s\n' "$out"
expect_eq "$rc" 0 "join of the spaced SSID"
expect_eq "$(wpa status | sed -n 's/^bssid=//p')" "$(ap_bssid spaced)" "associated with the spaced AP"

# A wrong passphrase: wpa_supplicant disables the network with WRONG_KEY and we say so.
wpa disconnect >/dev/null
printf 'not-the-password\n' > wrong.txt
out=$(hotspotd radio join --interface $STA_IF --run-dir /run/hotspotd --ssid-hex "$odd_hex" --passphrase-file wrong.txt --timeout 60 2>&1); rc=$?
printf '%s\n' "$out"
expect_eq "$rc" 1 "join with a wrong passphrase fails"
expect_match "$out" "WRONG_KEY" "WRONG_KEY reported"

# Passphrases that cannot be valid never reach wpa_supplicant.
before=$(wpa list_networks | tr -d '\r' | wc -l)
printf 'short\n' > short.txt
out=$(hotspotd radio join --interface $STA_IF --run-dir /run/hotspotd --ssid-hex "$odd_hex" --passphrase-file short.txt 2>&1); rc=$?
printf '%s\n' "$out"
expect_eq "$rc" 1 "short passphrase refused"
expect_match "$out" "unusable passphrase" "clear error"
expect_eq "$(wpa list_networks | tr -d '\r' | wc -l)" "$before" "no network was added"
expect_eq "$(blocks)" 2 "one network block per SSID joined (odd, spaced)"
note "joined SSID hex $odd_hex three times with one network block; wrong key → WRONG_KEY; short passphrase refused"
