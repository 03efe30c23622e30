#!/bin/sh
# Tests/openwrt/procd-stub.sh — a stand-in for OpenWrt's /etc/rc.common and procd.sh, to run an init
# script off the router, as the router does:
#   PROCD_LOG=FILE busybox sh Tests/openwrt/procd-stub.sh INITSCRIPT ACTION [ARGS...]
# Each procd call (and logger) is appended to PROCD_LOG as one line: the function and its arguments,
# quoted when empty or holding a space. Instead of ubus: procd_running succeeds when STUB_RUNNING=1;
# STUB_PROG, when set, replaces the script's PROG for the commands that run the daemon.
# The commands follow OpenWrt 23.05/24.10's rc.common with USE_PROCD: start, stop, restart, reload
# (reload_service, or start), running, status (status_service), enable/disable/enabled (rc.d links
# under IPKG_INSTROOT); procd_close_service runs service_triggers, as procd.sh does.

initscript=$1
action=${2:-help}
if [ $# -ge 2 ]; then shift 2; else shift $#; fi

record() {
	line=$1
	shift
	for arg in "$@"; do
		case $arg in
		'' | *' '* | *'	'*) line="$line '$arg'" ;;
		*) line="$line $arg" ;;
		esac
	done
	echo "$line" >>"${PROCD_LOG:?PROCD_LOG not set}"
}

for f in procd_open_instance procd_set_param procd_append_param procd_close_instance \
	procd_add_reload_trigger procd_add_config_trigger procd_add_interface_trigger procd_add_raw_trigger \
	procd_open_trigger procd_close_trigger procd_send_signal procd_kill procd_open_data procd_close_data \
	logger; do
	eval "$f() { record $f \"\$@\"; }"
done

procd_open_service() { record procd_open_service "$@"; }
procd_close_service() {
	service_triggers
	record procd_close_service "$@"
}
procd_running() {
	record procd_running "$@"
	[ "${STUB_RUNNING:-0}" = 1 ]
}
procd_lock() { :; }
# As procd.sh's: "running" while STUB_RUNNING=1, else "inactive" (3), or STUB_STATUS's word and code.
_procd_status() {
	record _procd_status "$@"
	[ "${STUB_RUNNING:-0}" = 1 ] && { echo running; return 0; }
	echo "${STUB_STATUS:-inactive}"
	return "${STUB_STATUS_CODE:-3}"
}

# rc.common's own commands and defaults, before the script overrides them.
name=$(basename "$initscript")
enable() {
	err=1
	[ "$START" ] && ln -sf "../init.d/$name" "$IPKG_INSTROOT/etc/rc.d/S$START$name" && err=0
	[ "$STOP" ] && ln -sf "../init.d/$name" "$IPKG_INSTROOT/etc/rc.d/K$STOP$name" && err=0
	return $err
}
disable() { rm -f "$IPKG_INSTROOT"/etc/rc.d/S??"$name" "$IPKG_INSTROOT"/etc/rc.d/K??"$name"; }
enabled() { [ -x "$IPKG_INSTROOT/etc/rc.d/S$START$name" ]; }
start_service() { return 0; }
stop_service() { return 0; }
service_triggers() { return 0; }
service_running() { procd_running "$name" "${1:-*}"; }

# shellcheck disable=SC1090
. "$initscript"

# shellcheck disable=SC2034  # the sourced script's
[ -n "$STUB_PROG" ] && PROG=$STUB_PROG

[ -n "$USE_PROCD" ] || { echo "procd-stub: $initscript does not set USE_PROCD" >&2; exit 2; }
rc_procd() {
	method="set"
	[ -n "$2" ] && method=add
	procd_open_service "$name" "$initscript"
	"$@"
	procd_close_service "$method"
}
start() { rc_procd start_service "$@"; }
stop() {
	stop_service "$@"
	procd_kill "$name" "$1"
}
restart() {
	stop "$@"
	start "$@"
}
reload() {
	if type reload_service >/dev/null 2>&1; then reload_service "$@"; else start; fi
}
running() { service_running "$@"; }
status() {
	if type status_service >/dev/null 2>&1; then status_service "$@"; else _procd_status "$name" "$1"; fi
}
boot() { start "$@"; }

case $action in
start | stop | restart | reload | running | status | boot | enable | disable | enabled) "$action" "$@" ;;
*) echo "procd-stub: no command '$action'" >&2; exit 2 ;;
esac
