# Runs the ordo-one/benchmark suite in Benchmarks/Suite, a package of its own (its targets
# RequestBuild and ClientPath run issue 13's B1 and B2 workloads, Benchmarks/Sources/Workloads),
# and reports wall time, CPU and mallocs per call, and each Courier variant's ratio to its
# baseline in the same run: Courier's request build over the hand-built request (B1), a send over
# a bare decode (B2).
#
#   Benchmarks/run suite                   # about 1 minute once built (the first release
#                                          # build of the suite's dependencies takes minutes)
#   Benchmarks/run suite --json suite.json # the figures, ratios and goals as JSON too
#
# Each benchmark takes samples of 1,000 calls for about 3 seconds, one benchmark after another.
# Per call: the wall time is the median sample's, the mallocs the median sample's (the interposer
# counts every one), the CPU time the mean over all samples (the process's CPU clock ticks in
# 10 ms steps, so a median would be one of a few steps; the mean of many samples is not). Times
# on a shared machine move with its load: the instruction counts of the request-build and
# client-path measurements are what CI gates; these are the same workloads in seconds.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/measure.sh"

USAGE="[--json FILE]"
parse_options "" "" "$@"

# The plugin builds every benchmark target in release and runs each; histogramSamples writes
# every sample of every metric, one file per benchmark and metric.
if ! swift package --package-path "$ROOT/Benchmarks/Suite" --allow-writing-to-directory "$WORK" \
    benchmark --format histogramSamples --path "$WORK" --no-progress >"$WORK/log" 2>&1; then
    tail -40 "$WORK/log" >&2
    fail "swift package benchmark failed"
fi

python3 - "$WORK" "${JSON:-}" <<'PY'
import json, os, re, statistics, sys

work, json_path = sys.argv[1], sys.argv[2]
SCALE = 1000  # calls per sample (scalingFactor .kilo)


# The unit in a samples file's header ("Time (wall clock) (ns)", "Malloc (total) (K)"), in
# nanoseconds or single counts; the suite asks for ns and counts, this guards against another.
UNITS = {"ns": 1, "μs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9, "#": 1, "K": 1e3, "M": 1e6, "G": 1e9}


def samples(target, name, metric):
    path = os.path.join(work, f"Current_run.{target}.{name}.{metric}.histogram.samples.tsv")
    with open(path) as f:
        header = next(f).strip()
        unit = re.search(r"\(([^()]*)\)\s*\*?$", header)
        factor = UNITS.get(unit.group(1), 1) if unit else 1
        return [int(line) * factor for line in f if line.strip()]


figures = {}
for target, names in [("RequestBuild", ["hand", "value", "courier"]),
                      ("ClientPath", ["decode", "send", "send-middleware"])]:
    for name in names:
        wall = samples(target, name, "wallClock")
        figures[f"{target}/{name}"] = {
            "samples": len(wall),
            "wallNanoseconds": round(statistics.median(wall) / SCALE, 1),
            "cpuNanoseconds": round(statistics.fmean(samples(target, name, "cpuTotal")) / SCALE, 1),
            "mallocs": round(statistics.median(samples(target, name, "mallocCountTotal")) / SCALE, 2),
        }

goals, ratios = [], []


def ratio(a, b, key):
    return round(figures[a][key] / figures[b][key], 4) if figures[b][key] else None


for variant, title in [("value", "Endpoint to a request value"), ("courier", "Endpoint to a ready URLRequest")]:
    for key, word in [("wallNanoseconds", "wall time"), ("cpuNanoseconds", "CPU time")]:
        ratios.append({"id": "B1", "what": f"{title}: {word} over the hand-built request's",
                       "value": ratio(f"RequestBuild/{variant}", "RequestBuild/hand", key)})
    value = ratio(f"RequestBuild/{variant}", "RequestBuild/hand", "mallocs")
    if variant == "courier":
        goals.append({"id": "B1", "what": f"{title}: mallocs over the hand-built request's",
                      "value": value, "target": "≤ 1.00×", "met": value is not None and value <= 1})
    else:
        ratios.append({"id": "B1", "what": f"{title}: mallocs over the hand-built request's", "value": value})
for variant, title, goal in [("send", "Client.send over an in-memory transport, no middleware", 1.05),
                             ("send-middleware", "The same with Logging, Metrics and Validation", 1.15)]:
    value = ratio(f"ClientPath/{variant}", "ClientPath/decode", "cpuNanoseconds")
    goals.append({"id": "B2", "what": f"{title}: CPU time over a bare decode's", "value": value,
                  "target": f"≤ {goal:.2f}×", "met": value is not None and value <= goal})
    for key, word in [("wallNanoseconds", "wall time"), ("mallocs", "mallocs")]:
        ratios.append({"id": "B2", "what": f"{title}: {word} over a bare decode's",
                       "value": ratio(f"ClientPath/{variant}", "ClientPath/decode", key)})

print("| benchmark | samples | wall per call | CPU per call | mallocs per call |")
print("| --- | ---: | ---: | ---: | ---: |")
for name, row in figures.items():
    print(f"| {name} | {row['samples']} | {row['wallNanoseconds'] / 1000:.2f} µs | "
          f"{row['cpuNanoseconds'] / 1000:.2f} µs | {row['mallocs']:.1f} |")
print()
for entry in goals + ratios:
    value = "n/a" if entry["value"] is None else f"{entry['value']:.2f}×"
    verdict = f" (goal {entry['target']}): {'met' if entry['met'] else 'NOT met'}" if "target" in entry else ""
    print(f"- {entry['id']} {entry['what']}: {value}{verdict}")
if json_path:
    with open(json_path, "w") as out:
        json.dump({"measurement": "ordo-one suite", "callsPerSample": SCALE, "figures": figures,
                   "goals": goals, "ratios": ratios}, out, indent=2, ensure_ascii=False)
        out.write("\n")
PY
