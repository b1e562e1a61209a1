# Runs Courier and a plain URLSession against every fault of Tests/Servers/fault_server.py and
# prints a markdown table "fault | Courier | raw URLSession" to stdout (for the project's notes):
#
#   Benchmarks/run fault-survey > survey.md
#
# Starts the fault server on 127.0.0.1 and 127.0.0.2 with one free port, builds and runs the
# Benchmarks package's `fault-survey` executable (release) against both addresses, and shows the
# server's log when it reported errors. Build output and progress go to stderr.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/measure.sh"

SERVERS_LOG_DIR="$WORK"
build_product fault-survey
start_fault_server
status=0
"$BIN" "$SERVER_URL" "http://127.0.0.2:${SERVER_URL##*:}" || status=$?
if grep -q unexpected "$WORK/fault.log"; then
    echo "$MEASUREMENT: the fault server reported errors:" >&2
    cat "$WORK/fault.log" >&2
fi
exit "$status"
