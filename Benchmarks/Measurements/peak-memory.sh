# Peak memory (maximum resident set size, GNU `time -v`) of the B5 workloads, for a plain
# URLSession used by hand and for Courier on each transport, against nginx on 127.0.0.1:
#   gets      1,000 GETs of 1 KB of JSON, 64 in flight
#   upload    a SIZE_MIB file POSTed to /sink, streamed from disk (nginx reads and drops it)
#   download  GET of a SIZE_MIB body into a file
# Each workload's delta is its peak over the same variant's peak for one GET (`idle`), in the
# same round; the figures are medians over rounds, each round running the variants in a rotating
# order. The GETs' deltas are a few MiB, as much as they move from run to run, so idle and gets
# run three times as many rounds as the transfers. Prints a Markdown table and each goal as met
# or not.
#
#   Benchmarks/run peak-memory                       # 3 rounds (9 of GETs), 1 GiB: about 3 minutes
#   Benchmarks/run peak-memory --rounds 1 --size-mib 256
#   Benchmarks/run peak-memory --json peak.json      # the figures and goals as JSON too
#   Benchmarks/run peak-memory --check               # exit 1 unless every goal is met
#
# Goals (B5): each Courier variant's delta at most 1.05x raw URLSession's, workload by
# workload, and under 64 MiB for each transfer of SIZE_MIB (meant for 1024). nginx is nginx.sh's
# (installed with apt-get when it is missing; its echo module reads the uploads). Builds
# Benchmarks' peak-memory in release (the first build compiles AsyncHTTPClient, minutes). Needs
# SIZE_MIB of free disk for the downloaded file (the served and uploaded files are sparse). Every
# run is bounded by `timeout`; nginx is always stopped. Timing-free, but runs on demand, not in CI.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/measure.sh"
source "$ROOT/Benchmarks/Measurements/nginx.sh"

USAGE="[--rounds N] [--size-mib N] [--json FILE] [--check]"
ROUNDS=3
SIZE_MIB=1024
parse_options "" "--rounds --size-mib" "$@"
[[ "$ROUNDS" =~ ^[1-9][0-9]*$ && "$SIZE_MIB" =~ ^[1-9][0-9]*$ ]] || usage

readonly MAX_DELTA_MIB=64 MAX_DELTA_RATIO=1.05 RUN_TIMEOUT=300
readonly VARIANTS=(URLSession Courier/URLSession Courier/AHC)
readonly WORKLOADS=(idle gets upload download)

require_gnu_time
build_product peak-memory

readonly SIZE=$((SIZE_MIB * 1024 * 1024))
# Sparse files: nginx serves zeros from the page cache, and the uploads read zeros, so neither
# disk nor the server is what a run waits on.
mkdir -p "$WORK/www"
truncate -s "$SIZE" "$WORK/www/big"
truncate -s "$SIZE" "$WORK/upload.bin"

start_nginx
URL="$NGINX_URL"
echo "$MEASUREMENT: $ROUNDS rounds, transfers of $SIZE_MIB MiB" >&2

# run ROUND VARIANT WORKLOAD: one run under GNU time; appends "ROUND VARIANT WORKLOAD PEAK_KIB
# SECONDS" to results.tsv, or fails showing the run's output.
run() {
    local arguments=("$URL" "$2" "$3")
    case "$3" in
    upload) arguments+=("$WORK/upload.bin") ;;
    download) arguments+=("$WORK/download.bin" "$SIZE") ;;
    esac
    if ! run_timed run timeout "$RUN_TIMEOUT" "$BIN" "${arguments[@]}"; then
        echo "$MEASUREMENT: round $1, $2 $3 failed (or took over ${RUN_TIMEOUT} s):" >&2
        cat "$WORK/run.out" "$WORK/run.time" >&2
        echo "nginx's error log:" >&2
        tail -5 "$WORK/error.log" >&2 2>/dev/null || true
        exit 1
    fi
    local peak seconds
    peak="$(peak_kib run)"
    seconds="$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$WORK/run.time")"
    if [[ -z "$peak" ]]; then
        echo "$MEASUREMENT: GNU time reported no peak memory for $2 $3" >&2
        exit 1
    fi
    printf '%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$peak" "$seconds" >>"$WORK/results.tsv"
    echo "round $1 $2 $3: $((peak / 1024)) MiB peak, $seconds" >&2
}

: >"$WORK/results.tsv"
for ((round = 0; round < 3 * ROUNDS; round++)); do
    for ((index = 0; index < ${#VARIANTS[@]}; index++)); do
        variant="${VARIANTS[$(((index + round) % ${#VARIANTS[@]}))]}"
        for workload in "${WORKLOADS[@]}"; do
            if ((round < ROUNDS)) || [[ "$workload" == idle || "$workload" == gets ]]; then
                run "$((round + 1))" "$variant" "$workload"
            fi
        done
    done
done

python3 - "$WORK/results.tsv" "$SIZE_MIB" "$ROUNDS" "$MAX_DELTA_MIB" "$MAX_DELTA_RATIO" "${JSON:-}" "$CHECK" <<'PY'
import json, statistics, sys

results, size_mib, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
max_delta, max_ratio, json_path, check = float(sys.argv[4]), float(sys.argv[5]), sys.argv[6], sys.argv[7] == "1"
variants = ["URLSession", "Courier/URLSession", "Courier/AHC"]
workloads = {"gets": "1,000 GETs, 64 in flight", "upload": f"{size_mib} MiB upload", "download": f"{size_mib} MiB download"}
peaks = {}  # (variant, workload) -> {round: KiB}
for line in open(results):
    round_, variant, workload, peak, _ = line.rstrip("\n").split("\t")
    peaks.setdefault((variant, workload), {})[int(round_)] = int(peak)


def mib(kib):
    return round(kib / 1024, 1)


figures = {}
for variant in variants:
    idle = peaks[(variant, "idle")]
    figures[variant] = {"idleMiB": mib(statistics.median(idle.values()))}
    for workload in workloads:
        runs = peaks[(variant, workload)]
        figures[variant][workload] = {
            "peakMiB": mib(statistics.median(runs.values())),
            # Per round: the workload's peak over the same round's idle peak.
            "deltaMiB": mib(statistics.median(runs[r] - idle[r] for r in runs)),
            "rounds": [{"peakMiB": mib(runs[r]), "deltaMiB": mib(runs[r] - idle[r])} for r in sorted(runs)],
        }

goals = []
for workload, title in workloads.items():
    raw = figures["URLSession"][workload]["deltaMiB"]
    for variant in variants[1:]:
        delta = figures[variant][workload]["deltaMiB"]
        # A delta at or under raw URLSession's meets the ratio goal, even when raw's is zero or
        # less (then there is no ratio: null).
        ratio = round(delta / raw, 4) if raw > 0 else None
        goals.append({"id": "B5", "what": f"{title}: {variant} peak RSS delta over raw URLSession's",
                      "value": ratio, "target": f"≤ {max_ratio:.2f}×",
                      "met": delta <= raw or (ratio is not None and ratio <= max_ratio)})
        if workload != "gets":
            goals.append({"id": "B5", "what": f"{title}: {variant} peak RSS delta",
                          "value": delta, "unit": "MiB", "target": f"< {max_delta:.0f} MiB", "met": delta < max_delta})

print(f"### Peak RSS (medians of {rounds} rounds, {3 * rounds} of GETs; delta over one GET of the same variant)\n")
print("| variant | one GET | " + " | ".join(f"{t}: peak / delta" for t in workloads.values()) + " |")
print("| --- | ---: | " + " | ".join("---:" for _ in workloads) + " |")
for variant in variants:
    row = figures[variant]
    cells = [f"{row[w]['peakMiB']:.1f} / {row[w]['deltaMiB']:+.1f} MiB" for w in workloads]
    print(f"| {variant} | {row['idleMiB']:.1f} MiB | " + " | ".join(cells) + " |")
print("\n### Goals\n")
for goal in goals:
    if goal["value"] is None:
        value = "no ratio"
    else:
        value = f"{goal['value']:.2f}×" if goal["target"].endswith("×") else f"{goal['value']:.1f} MiB"
    print(f"- {goal['id']} {goal['what']}: {value} (goal {goal['target']}): {'met' if goal['met'] else 'NOT met'}")
if json_path:
    with open(json_path, "w") as out:
        report = {"measurement": "peak-memory", "rounds": rounds, "transferMiB": size_mib,
                  "figures": figures, "goals": goals}
        json.dump(report, out, indent=2, ensure_ascii=False)
        out.write("\n")
sys.exit(1 if check and not all(g["met"] for g in goals) else 0)
PY
