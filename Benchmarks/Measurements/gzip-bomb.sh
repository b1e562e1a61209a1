# Measures the peak memory (maximum resident set size, GNU `time -v`) of receiving a gzip bomb:
# a body of about 1 MB on the wire that decodes to SIZE_MIB MiB of zeros. Courier keeps at most
# 8 MiB (the response limit set by Benchmarks/Sources/bomb-memory) and must fail with
# `responseTooLarge`. The baseline in the same run is a 1 MiB gzip body, delivered whole.
#
#   Benchmarks/run gzip-bomb          # a 1024 MiB bomb (what CI runs)
#   Benchmarks/run gzip-bomb 256
#
# Fails when the bomb's peak exceeds the baseline's by more than MAX_EXTRA_MIB (64 by default):
# a transport that buffered the decoded body would use about SIZE_MIB. Builds Benchmarks'
# bomb-memory (debug) and starts Tests/Servers/fault_server.py.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/measure.sh"

SIZE_MIB="${1:-1024}"
MAX_EXTRA_MIB="${MAX_EXTRA_MIB:-64}"

require_gnu_time
build_product bomb-memory debug
start_fault_server

# bomb-memory exits 0 only with the expected outcome: the body whole, or the bomb refused.
run_measured baseline "$BIN" "$SERVER_URL" $((1024 * 1024))
run_measured bomb "$BIN" "$SERVER_URL" $((SIZE_MIB * 1024 * 1024))
check_extra_peak baseline bomb "refusing a $SIZE_MIB MiB bomb" "$MAX_EXTRA_MIB"
