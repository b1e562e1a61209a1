# Measures the peak memory (maximum resident set size, GNU `time -v`) of reading a streamed
# response body with Client.stream, against a baseline stream of 1 MiB in the same run:
#
#   Benchmarks/run stream-memory          # a 1024 MiB body (what CI runs)
#   Benchmarks/run stream-memory 256      # a 256 MiB body
#
# Builds Benchmarks' stream-memory (release), starts Tests/Servers/fault_server.py on loopback, streams its /download
# route three times: 1 MiB, then the big body read as it arrives, then the big body with a reader
# that pauses 3 s after its first chunk. The server sends the big body at RATE_MIB MiB a second
# (64 by default, 16 s for 1 GiB): URLSession on Linux cannot slow the server down, so an unpaced
# server would fail the run whenever the reader is descheduled long enough to fall 32 MiB behind
# (30 ms at loopback speed on a busy machine); paced, that takes half a second. Fails when the big run's peak exceeds the
# baseline's by more than MAX_EXTRA_MIB (64 by default): a stream that buffered its body would.
# The paused run, unpaced, must either arrive whole (the transport held the connection back) or be
# refused with responseTooLarge (a transport that cannot pause, such as URLSession on Linux,
# holds at most 32 MiB unread); it fails when its peak exceeds the baseline's by more than
# MAX_PAUSED_EXTRA_MIB (128 by default: the 32 MiB backlog, plus 96 for a busy machine). Measured
# on 2 cores: +32 to +34 MiB, also beside two CPU hogs. Before the transport cancelled on a queue
# of its own (URLSessionTransport.cancelInBackground), the refused body's remainder queued up as
# delegate calls while URLSession's cancels blocked the threads the delegate runs on: +130 to
# +445 MiB in 9 of 16 runs here (+32 to +40 in the others), peaks of 223 to 650 MiB in CI.
# Needs /usr/bin/time (Debian package `time`).
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/measure.sh"

SIZE_MIB="${1:-1024}"
MAX_EXTRA_MIB="${MAX_EXTRA_MIB:-64}"
MAX_PAUSED_EXTRA_MIB="${MAX_PAUSED_EXTRA_MIB:-128}"
RATE_MIB="${RATE_MIB:-64}"

require_gnu_time
build_product stream-memory
start_fault_server

# run NAME SIZE PAUSE ALLOWED [RATE]: streams under GNU time (output in NAME.out, time's report
# in NAME.time); fails, showing both, unless the program exited with one of ALLOWED (0: whole,
# 3: refused as too large). RATE paces the server, in bytes a second.
run() {
    local status=0
    run_timed "$1" "$BIN" "$SERVER_URL" "$2" "$3" "${5:-0}" || status=$?
    cat "$WORK/$1.out"
    if [[ " $4 " != *" $status "* ]]; then
        echo "$MEASUREMENT: the $1 run exited with $status:" >&2
        cat "$WORK/$1.time" >&2
        exit 1
    fi
}

big_bytes=$((SIZE_MIB * 1024 * 1024))
run baseline $((1024 * 1024)) 0 "0"
run big "$big_bytes" 0 "0" $((RATE_MIB * 1024 * 1024))
run paused "$big_bytes" 3 "0 3"
failed=0
check_extra_peak baseline big "streaming $SIZE_MIB MiB" "$MAX_EXTRA_MIB" || failed=1
check_extra_peak baseline paused "streaming $SIZE_MIB MiB to a paused reader" "$MAX_PAUSED_EXTRA_MIB" || failed=1
if ((failed)); then exit 1; fi
