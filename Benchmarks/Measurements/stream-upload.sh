# Peak memory (maximum resident set size, GNU `time -v`) of a request body that
# AsyncHTTPClientTransport streams while the machine is busy: an upload of SIZE_MIB against the
# same upload of 1 MiB in the same round, for each way the body goes out:
#   chunked   read from an AsyncSequence with no length (Body.stream): Transfer-Encoding: chunked
#   length    read from an AsyncSequence with its length declared: Content-Length
#   file      read from a file (Body.file) in 64 KiB pieces: Content-Length
# POSTed to nginx's /sink on 127.0.0.1 (nginx.sh), with HOGS processes spinning on the CPU
# meanwhile (`yes > /dev/null`, each stopped by its PID when the measurement ends).
#
#   Benchmarks/run stream-upload                         # 1024 MiB, 2 hogs, 1 round: 1-2 minutes
#   Benchmarks/run stream-upload --size-mib 256 --hogs 0 --rounds 3
#   Benchmarks/run stream-upload --json upload.json      # the figures and goals as JSON too
#   Benchmarks/run stream-upload --check                 # exit 1 unless every goal is met
#   MAX_EXTRA_MIB=16 Benchmarks/run stream-upload --size-mib 256 --check
#                                                        # a short gate: about 20 s once built
#
# Goal: in every round, each upload's peak stays within MAX_EXTRA_MIB (64 by default) of its 1 MiB
# baseline's. The transport reads the next chunk only once the connection took the last one;
# chunks read ahead of an event loop that runs late pile up in its task queue (hundreds of MiB for
# 1 GiB under two hogs; at 256 MiB, 47-198 MiB, which the short gate's 16 catches). Builds
# Benchmarks' peak-memory in debug, as upload-memory does (the first build compiles
# AsyncHTTPClient, minutes). The uploaded files are sparse; nginx spools each body to $WORK before
# dropping it, so it needs SIZE_MIB of free disk. Every run is bounded by `timeout`; nginx and the
# hogs are always stopped.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/measure.sh"
source "$ROOT/Benchmarks/Measurements/nginx.sh"

USAGE="[--size-mib N] [--hogs N] [--rounds N] [--json FILE] [--check]"
SIZE_MIB=1024
HOGS=2
ROUNDS=1
parse_options "" "--size-mib --hogs --rounds" "$@"
[[ "$SIZE_MIB" =~ ^[1-9][0-9]*$ && "$HOGS" =~ ^[0-9]+$ && "$ROUNDS" =~ ^[1-9][0-9]*$ ]] || usage

MAX_EXTRA_MIB="${MAX_EXTRA_MIB:-64}"
[[ "$MAX_EXTRA_MIB" =~ ^[1-9][0-9]*$ ]] || usage
readonly RUN_TIMEOUT=300
readonly FRAMINGS=(chunked length file)

require_gnu_time
build_product peak-memory debug

truncate -s $((SIZE_MIB * 1024 * 1024)) "$WORK/big.bin"
truncate -s $((1024 * 1024)) "$WORK/baseline.bin"

HOG_PIDS=()
stop_hogs() {
    local pid
    for pid in "${HOG_PIDS[@]}"; do
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    HOG_PIDS=()
}
trap 'stop_hogs; measure_cleanup' EXIT

start_nginx
for ((hog = 0; hog < HOGS; hog++)); do
    yes >/dev/null &
    HOG_PIDS+=("$!")
done
echo "$MEASUREMENT: $ROUNDS round(s), uploads of $SIZE_MIB MiB, $HOGS CPU hog(s)" >&2

# upload ROUND FRAMING MIB: one upload under GNU time; appends "ROUND FRAMING MIB PEAK_KIB SECONDS
# LOAD1" to results.tsv, or fails showing the run's output.
upload() {
    local arguments=("$NGINX_URL" Courier/AHC)
    if [[ "$2" == file ]]; then
        arguments+=(upload "$WORK/$([[ "$3" == 1 ]] && echo baseline || echo big).bin")
    else
        arguments+=(stream-upload "$3" "$2")
    fi
    if ! run_timed run timeout "$RUN_TIMEOUT" "$BIN" "${arguments[@]}"; then
        echo "$MEASUREMENT: round $1, the $2 upload of $3 MiB failed (or took over ${RUN_TIMEOUT} s):" >&2
        cat "$WORK/run.out" "$WORK/run.time" >&2
        exit 1
    fi
    local peak seconds load
    peak="$(peak_kib run)"
    seconds="$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$WORK/run.time")"
    load="$(cut -d' ' -f1 /proc/loadavg)"
    [[ -n "$peak" ]] || fail "GNU time reported no peak memory for the $2 upload"
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$peak" "$seconds" "$load" >>"$WORK/results.tsv"
    echo "round $1, $2, $3 MiB: $((peak / 1024)) MiB peak in $seconds (load average $load)" >&2
}

: >"$WORK/results.tsv"
for ((round = 1; round <= ROUNDS; round++)); do
    for framing in "${FRAMINGS[@]}"; do
        upload "$round" "$framing" 1
        upload "$round" "$framing" "$SIZE_MIB"
    done
done
stop_hogs

python3 - "$WORK/results.tsv" "$SIZE_MIB" "$HOGS" "$MAX_EXTRA_MIB" "${JSON:-}" "$CHECK" <<'PY'
import json, sys

results, size_mib, hogs, limit = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
json_path, check = sys.argv[5], sys.argv[6] == "1"
titles = {"chunked": "stream, chunked", "length": "stream, Content-Length", "file": "file, Content-Length"}
runs = {}  # (round, framing) -> {"baseline": (KiB, time, load), "big": ...}
for line in open(results):
    round_, framing, mib, peak, seconds, load = line.rstrip("\n").split("\t")
    which = "baseline" if int(mib) == 1 else "big"
    runs.setdefault((int(round_), framing), {})[which] = (int(peak), seconds, load)


def mib(kib):
    return round(kib / 1024, 1)


figures, goals = {}, []
for framing, title in titles.items():
    rounds = []
    for (round_, name), pair in sorted(runs.items()):
        if name != framing:
            continue
        base, big = pair["baseline"], pair["big"]
        rounds.append({"round": round_, "baselineMiB": mib(base[0]), "peakMiB": mib(big[0]),
                       "growthMiB": mib(big[0] - base[0]), "elapsed": big[1], "loadAverage": float(big[2])})
    worst = max(r["growthMiB"] for r in rounds)
    figures[framing] = {"rounds": rounds, "worstGrowthMiB": worst}
    goals.append({"id": "upload", "what": f"{size_mib} MiB upload ({title}, {hogs} CPU hogs): peak RSS growth over 1 MiB",
                  "value": worst, "unit": "MiB", "target": f"≤ {limit:.0f} MiB", "met": worst <= limit})

print(f"### Peak RSS of a {size_mib} MiB upload through AsyncHTTPClientTransport, {hogs} CPU hogs\n")
print("| body | round | 1 MiB peak | big peak | growth | time | load average |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
for framing, title in titles.items():
    for r in figures[framing]["rounds"]:
        print(f"| {title} | {r['round']} | {r['baselineMiB']:.1f} MiB | {r['peakMiB']:.1f} MiB | "
              f"{r['growthMiB']:+.1f} MiB | {r['elapsed']} | {r['loadAverage']:.2f} |")
print("\n### Goals\n")
for goal in goals:
    print(f"- {goal['what']}: {goal['value']:.1f} MiB (goal {goal['target']}): {'met' if goal['met'] else 'NOT met'}")
if json_path:
    with open(json_path, "w") as out:
        json.dump({"measurement": "stream-upload", "transferMiB": size_mib, "hogs": hogs,
                   "figures": figures, "goals": goals}, out, indent=2, ensure_ascii=False)
        out.write("\n")
sys.exit(1 if check and not all(g["met"] for g in goals) else 0)
PY
