# portal-mikrotik-refusal (issue 34): MikroTik's refusal in its own words. The venue account configured in UCI
# is wrong, so the CHAP login hotspotd computes for login.html is refused: login.html comes back with
# $(error) where RouterOS v6's template puts it, a red div after the form that does not say it is an error.
# hotspotd finds it by errors.txt's words: the owner is asked with "invalid username or password" (not the
# page's title), types the right password, and the CHAP answer made from it logs in. No password in the log.
# radio-timeout: 150
# radio-arches: x86_64

ap_start mikrotik --ssid "Mall MikroTik" --open --portal
portal_start mikrotik --login-url "http://$(ap_ip mikrotik)/mt-login"
syslog_start
sta_start
sta_dhcp_on_link
daemon_lobby_helper lobby "Mall MikroTik"
{ daemon_main portal_domain radio.test; daemon_helper_section lobby
  daemon_portal_section 'http://198.51.100.7/generate_204' wispr_user guest wispr_password 'radio 4712'; } | daemon_config
daemon_start "$RADIO_DIR/hotspot.conf"
v=$(daemon_outcome "Mall MikroTik" 120) || fail "no verdict on Mall MikroTik"
expect_match "$v" "login needs the owner" "the wrong account refused: the owner is asked"
access=$(cat $RADIO_RUN/web/access.log)
expect_match "$access" "POST http://[^ ]*/mt-login \[dst username password\] -> 200" "the CHAP answer of the configured account sent"
ui=$(daemon_cli ui); printf '%s\n' "$ui"
expect_match "$ui" 'invalid username or password' "ui shows MikroTik's own refusal"
printf '%s\n' "$ui" | save_artifact ui-refused.txt
daemon_mark
daemon_cli ui submit username=guest 'password=radio 4711'; expect_eq "$?" 0 "the owner's account accepted for sending"
v=$(daemon_outcome "Mall MikroTik" 60) || fail "no verdict after the owner's answer"
expect_match "$v" "authenticated by portal" "the owner's password, as CHAP, logs in"
expect_eq "$(portal_logins)" 1 "one login"
expect_secret_kept 'radio 471[12]|radio\+471[12]|radio%20471[12]' "the passwords"
note "MikroTik: a wrong venue account refused in MikroTik's words, then the owner's password → authenticated"
