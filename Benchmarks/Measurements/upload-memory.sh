# Measures the peak memory (maximum resident set size, GNU `time -v`) of a multipart upload
# whose file part is streamed from disk, against a baseline upload of 1 MiB in the same run:
#
#   Benchmarks/run upload-memory          # a 1024 MiB file
#   Benchmarks/run upload-memory 128      # a 128 MiB file (what CI runs)
#
# Builds Benchmarks' upload-memory (debug), starts Tests/Servers/loopback_server.py on 127.0.0.1,
# uploads the baseline file and then the big one to its /sink route (which hashes and discards the
# body), and prints both peaks. Fails when the big upload's peak exceeds the baseline's by more
# than MAX_EXTRA_MIB (64 by default): an upload that loaded its file into memory would.
# Needs /usr/bin/time (Debian package `time`) and about twice the file size of free disk
# (the file, and the temporary copy URLSessionTransport uploads from).
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/measure.sh"

SIZE_MIB="${1:-1024}"
MAX_EXTRA_MIB="${MAX_EXTRA_MIB:-64}"

require_gnu_time
build_product upload-memory debug
start_loopback_server loopback 127.0.0.1

head -c $((1024 * 1024)) /dev/urandom >"$WORK/baseline.bin"
head -c $((SIZE_MIB * 1024 * 1024)) /dev/urandom >"$WORK/big.bin"

run_measured baseline "$BIN" "$SERVER_URL" "$WORK/baseline.bin"
run_measured big "$BIN" "$SERVER_URL" "$WORK/big.bin"
check_extra_peak baseline big "uploading $SIZE_MIB MiB" "$MAX_EXTRA_MIB"
