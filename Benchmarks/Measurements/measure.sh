# What every measurement shares; each measurement's script sources it first, and Benchmarks/run
# runs the script. It sets ROOT (the checkout, also the working directory), WORK (a temporary
# folder, removed on exit with every server and nginx the measurement started) and MEASUREMENT
# (the script's name, for messages), and sources Tests/Servers/servers.sh, so a measurement
# starts a test server the way Scripts/test does:
#
#   start_fault_server                 # Tests/Servers/fault_server.py: SERVER_URL
#   start_loopback_server NAME HOST    # Tests/Servers/loopback_server.py: SERVER_URL
#
# and:
#
#   parse_options "FLAG…" "OPTION…" ARGUMENT…
#                                          # --check (CHECK=1), --json FILE (JSON), and the
#                                          # measurement's own flags and options with a value,
#                                          # each into the variable of its name (--size-mib N:
#                                          # SIZE_MIB=N, --cpu: CPU=1); anything else: usage
#   usage                                  # "usage: Benchmarks/run MEASUREMENT $USAGE", exit 64
#   build_product NAME [debug|release]     # builds one product of Benchmarks/ (release by
#                                          # default); sets BIN to its executable
#   require_valgrind, require_gnu_time
#   run_timed NAME COMMAND…                # COMMAND under GNU time -v: its output in
#                                          # $WORK/NAME.out, the report in $WORK/NAME.time
#   run_measured NAME COMMAND…             # the same, printing the output; fails, showing
#                                          # both, unless COMMAND succeeded
#   peak_kib NAME                          # the maximum RSS of that run, in KiB
#   check_extra_peak BASE BIG LABEL LIMIT  # BIG's peak within LIMIT MiB of BASE's, or fails
#   instructions ARGUMENT…, mallocs ARGUMENT…
#                                          # one run of BIN under callgrind or memcheck: its
#                                          # instruction or heap allocation count
#   per_iteration COUNTER ARGUMENT…        # COUNTER ARGUMENT… LOW and … HIGH (200 and 400
#                                          # iterations): each figure's difference per iteration
#   absolute_path PATH                     # PATH from the directory Benchmarks/run was started in
#   fail MESSAGE…                          # prints "MEASUREMENT: MESSAGE" and exits 1

# A failure inside $(…) (a counter that found no count) ends the measurement, not just the subshell.
shopt -s inherit_errexit

MEASUREMENT="$(basename "${BASH_SOURCE[1]}" .sh)"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CALLER_DIR="$PWD"
cd "$ROOT"
source "$ROOT/Tests/Servers/servers.sh"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/courier-$MEASUREMENT.XXXXXX")"
measure_cleanup() {
    stop_servers
    if declare -F stop_nginx >/dev/null; then stop_nginx; fi
    rm -rf "$WORK"
}
trap measure_cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

readonly LOW=200 HIGH=400
CHECK=0
JSON=""

fail() {
    echo "$MEASUREMENT: $*" >&2
    exit 1
}

usage() {
    echo "usage: Benchmarks/run $MEASUREMENT ${USAGE:-}" >&2
    exit 64
}

parse_options() {
    local flags=" $1 " valued=" $2 " name
    shift 2
    while (($# > 0)); do
        name="${1#--}"
        name="${name^^}"
        name="${name//-/_}"
        if [[ "$1" == --check ]]; then
            CHECK=1
        elif [[ "$1" == --json && $# -ge 2 ]]; then
            JSON="$(absolute_path "$2")"
            shift
        elif [[ "$1" == --* && "$flags" == *" $1 "* ]]; then
            printf -v "$name" 1
        elif [[ "$1" == --* && "$valued" == *" $1 "* && $# -ge 2 ]]; then
            printf -v "$name" '%s' "$2"
            shift
        else
            usage
        fi
        shift
    done
}

absolute_path() {
    if [[ "$1" == /* ]]; then echo "$1"; else echo "$CALLER_DIR/$1"; fi
}

build_product() {
    local configuration="${2:-release}"
    swift build -c "$configuration" --package-path "$ROOT/Benchmarks" --product "$1" >&2
    BIN="$(swift build -c "$configuration" --package-path "$ROOT/Benchmarks" --show-bin-path)/$1"
}

require_valgrind() {
    command -v valgrind >/dev/null 2>&1 || fail "valgrind is needed (apt-get install valgrind)"
}

require_gnu_time() {
    [[ -x /usr/bin/time ]] || fail "/usr/bin/time is missing (apt-get install time)"
}

run_timed() {
    local name="$1"
    shift
    /usr/bin/time -v -o "$WORK/$name.time" "$@" >"$WORK/$name.out" 2>&1
}

run_measured() {
    local name="$1"
    if ! run_timed "$@"; then
        echo "$MEASUREMENT: the $name run failed:" >&2
        cat "$WORK/$name.out" "$WORK/$name.time" >&2
        exit 1
    fi
    cat "$WORK/$name.out"
}

peak_kib() {
    awk -F': ' '/Maximum resident set size/ {print $2}' "$WORK/$1.time"
}

# check_extra_peak BASE BIG LABEL LIMIT_MIB: prints BIG's peak against BASE's and returns 1 when
# it exceeds BASE's by more than LIMIT_MIB.
check_extra_peak() {
    local base big extra
    base="$(peak_kib "$1")"
    big="$(peak_kib "$2")"
    [[ -n "$base" && -n "$big" ]] || fail "GNU time reported no peak memory"
    extra=$(((big - base) / 1024))
    echo "$MEASUREMENT: peak RSS $3: $((big / 1024)) MiB, +$extra MiB over the baseline's" \
        "$((base / 1024)) MiB (ratio $(awk -v a="$big" -v b="$base" 'BEGIN {printf "%.2f", a / b}');" \
        "limit +$4 MiB)"
    if ((extra > $4)); then
        echo "$MEASUREMENT: FAILED: $3 took ${extra} MiB more than the baseline (limit $4 MiB)" >&2
        return 1
    fi
}

instructions() {
    local total
    total="$(valgrind --tool=callgrind --callgrind-out-file="$WORK/callgrind.out" "$BIN" "$@" 2>&1 >/dev/null |
        sed -n 's/.*Collected : *\([0-9]*\).*/\1/p')"
    [[ -n "$total" ]] || fail "callgrind printed no instruction count for '$*'"
    echo "$total"
}

mallocs() {
    local total
    total="$(valgrind --tool=memcheck --leak-check=no "$BIN" "$@" 2>&1 >/dev/null |
        sed -n 's/.*total heap usage: *\([0-9,]*\) allocs.*/\1/p' | tr -d ,)"
    [[ -n "$total" ]] || fail "memcheck printed no allocation count for '$*'"
    echo "$total"
}

per_iteration() {
    local counter="$1" low high
    shift
    low="$("$counter" "$@" "$LOW")"
    high="$("$counter" "$@" "$HIGH")"
    awk -v l="$low" -v h="$high" -v n="$((HIGH - LOW))" 'BEGIN {
        split(l, lows, " "); count = split(h, highs, " ")
        for (i = 1; i <= count; i++) printf "%s%.1f", (i > 1 ? " " : ""), (highs[i] - lows[i]) / n
        printf "\n"
    }'
}
