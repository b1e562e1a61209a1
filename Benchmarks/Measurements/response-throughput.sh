# Compares receiving one MIB-MiB response body with receiving MIB bodies of 1 MiB, in the same
# run, through URLSessionTransport (Benchmarks/Sources/response-throughput, debug, against
# Tests/Servers/fault_server.py). Linear receiving keeps the ratio near 1; a body copied as it
# grows (quadratic) makes it many times larger. Fails above MAX_RATIO (3 by default).
#
#   Benchmarks/run response-throughput        # 32 MiB (what CI runs)
#   Benchmarks/run response-throughput 64     # the fault server's /ok allows up to 64 MiB
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/measure.sh"

MIB="${1:-32}"

build_product response-throughput debug
start_fault_server
"$BIN" "$SERVER_URL" "$MIB"
