# shellcheck shell=bash
# Tests/lib/report.sh — the PASS/FAIL lines and the closing count that Tests/run adds up. Sourced by
# Tests/openwrt/run and Tests/helpers/run; set REPORT_NAME (the suite's word in each line) first.
passed=0 failed=0

pass() { echo "PASS $REPORT_NAME $1"; passed=$((passed + 1)); }
fail() { # NAME [DETAILS]
  echo "FAIL $REPORT_NAME $1"
  if [ $# -ge 2 ]; then head -40 <<<"$2" | sed 's/^/    /'; fi
  failed=$((failed + 1))
}
same() { # NAME EXPECTED ACTUAL: the exact text
  if [ "$2" = "$3" ]; then pass "$1"; else fail "$1" "$(diff <(echo "$2") <(echo "$3") | sed 's/^</want:/; s/^>/got: /')"; fi
}
ok() { # NAME COMMAND...: succeeds
  local out
  if out=$("${@:2}" 2>&1); then pass "$1"; else fail "$1" "$out"; fi
}
finish() { echo; echo "$passed passed, $failed failed"; [ "$failed" = 0 ]; exit; }
