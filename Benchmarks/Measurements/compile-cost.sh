# Measures what a large catalog costs the compiler (goal B7): generates a package with 500
# endpoints written the way users write them (compile_cost.py beside this script: request model structs and
# `Endpoint { … }` functions with every kind of component, `if`, `switch` and `for`), depending on
# this checkout by path, and builds it in debug, as in an edit-compile loop, with
# `-warn-long-function-bodies=100` and `-warn-long-expression-type-checking=100`.
#
#   Benchmarks/run compile-cost              # report
#   Benchmarks/run compile-cost --check      # and fail when a body or an expression takes over 100 ms
#   Benchmarks/run compile-cost --endpoints 1000 --seed 7
#   Benchmarks/run compile-cost --json cost.json   # the figures and the B7 goal as JSON too
#   LIMIT_MS=20 Benchmarks/run compile-cost --check   # another limit, in milliseconds
#
# Courier is built first (in .build/compile-cost, kept between runs), so the measured build
# compiles the generated module alone. Reports the number of endpoints, that build's wall and CPU
# time, the total type-checking time, the 10 slowest function bodies and expressions
# (-debug-time-function-bodies, -debug-time-expression-type-checking) and every warning; then runs
# the program, which builds every endpoint's request and a Catalog of the CatalogEndpoint ones.
# When this run compiled Courier itself, its own bodies and expressions over the limit are listed
# too, without failing. Times vary with the machine's load; the gate has a wide margin (the
# slowest generated body, a 20-line block, takes about 25 ms).
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/measure.sh"

USAGE="[--check] [--endpoints N] [--seed S] [--json FILE]"
ENDPOINTS=500
SEED=13
LIMIT_MS="${LIMIT_MS:-100}"
parse_options "" "--endpoints --seed" "$@"

require_gnu_time
COMPILE_COST="$ROOT/Benchmarks/Measurements/compile_cost.py"
PACKAGE="$WORK/package"
SCRATCH="$ROOT/.build/compile-cost"
python3 "$COMPILE_COST" generate --root "$ROOT" --out "$PACKAGE" --endpoints "$ENDPOINTS" \
    --seed "$SEED" >"$WORK/generated"

# The same flags for every build, so the measured one does not rebuild Courier. The generated
# target adds -debug-time-function-bodies and -debug-time-expression-type-checking itself.
FLAGS=(
    -Xswiftc -Xfrontend -Xswiftc "-warn-long-function-bodies=$LIMIT_MS"
    -Xswiftc -Xfrontend -Xswiftc "-warn-long-expression-type-checking=$LIMIT_MS"
)
BUILD=(swift build --package-path "$PACKAGE" --scratch-path "$SCRATCH" "${FLAGS[@]}")
# quietly LOG COMMAND…: runs the command into LOG, showing the log's end only when it fails.
quietly() {
    local log="$1"
    shift
    if ! "$@" >"$log" 2>&1; then
        grep -E "error:" "$log" | sort -u | head -40 >&2 || true
        tail -20 "$log" >&2
        echo "$MEASUREMENT: failed: $*" >&2
        exit 1
    fi
}

quietly "$WORK/courier.log" "${BUILD[@]}" --target Courier
BIN="$("${BUILD[@]}" --show-bin-path)"
rm -rf "$BIN/CompileCostCatalog.build"
quietly "$WORK/catalog.log" /usr/bin/time -f "%e %U %S" -o "$WORK/time" "${BUILD[@]}" --target CompileCostCatalog
read -r wall user sys <"$WORK/time"

echo "$MEASUREMENT: $(cat "$WORK/generated")"
awk -v m="$MEASUREMENT" -v w="$wall" -v u="$user" -v s="$sys" 'BEGIN {
    printf "%s: compiling the generated module (debug, Courier already built): %.1f s wall, %.1f s CPU (%d cores)\n", m, w, u + s, '"$(nproc)"'
}'
over=0
REPORT=(python3 "$COMPILE_COST" report --package "$PACKAGE" --log "$WORK/catalog.log" --limit "$LIMIT_MS")
if [[ -n "$JSON" ]]; then
    REPORT+=(--json "$JSON" --endpoints "$ENDPOINTS" --build-wall "$wall"
        --build-cpu "$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')")
fi
if ! "${REPORT[@]}" | sed "s/^/$MEASUREMENT: /"; then
    over=1
fi

if grep -q "Compiling Courier" "$WORK/courier.log"; then
    grep -E "^/.*: warning: .* took [0-9]+ms to type-check" "$WORK/courier.log" | sort -u \
        | sed "s|^$ROOT/|$MEASUREMENT: Courier's own, not gated: |" || true
fi

quietly "$WORK/link.log" "${BUILD[@]}" --product CompileCostCatalog
echo "$MEASUREMENT: $("$BIN/CompileCostCatalog")"

if ((over == 1)); then
    if ((CHECK == 1)); then
        echo "$MEASUREMENT: FAILED: a function body or expression took over $LIMIT_MS ms to type-check" >&2
        exit 1
    fi
    echo "$MEASUREMENT: over $LIMIT_MS ms (would fail with --check)"
fi
