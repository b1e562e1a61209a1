#!/usr/bin/env python3
"""Assembles the table of `Benchmarks/run all` and `quick` (Python standard library only).

Usage:
    python3 Benchmarks/Measurements/report.py --parts DIR --steps STEPS_TSV --started ISO_DATE --load "L1 L5 L15"
        --root CHECKOUT --markdown OUT.md --json OUT.json

Reads every step's JSON in DIR and the steps' statuses (STEPS_TSV: step, status, seconds; the
status is ran, failed, failed its check or skipped), and writes one Markdown table and one JSON
file: the machine (processors, CPU model, memory, OS, Swift version), the date, the commit, each
step's status, and every ratio with its goal and whether it is met, grouped by goal id.

Each step's JSON has a `goals` list of {id, what, value, target, met} and may have a `ratios` list
of {id, what, value}, reported without a goal; an entry may say its `unit` (× by default) and
`measured` (how, when the step measures in more than one way).
"""

import argparse
import json
import os
import platform
import subprocess
import sys

# What each step measures with, for the table's "measured" column.
METHODS = {
    "request-build": "callgrind / memcheck",
    "client-path": "callgrind / memcheck",
    "compile-cost": "swiftc -debug-time-*",
    "loopback": "nginx, wall and CPU clocks",
    "peak-memory": "nginx, GNU time -v",
}


def command(*arguments):
    try:
        return subprocess.run(arguments, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def machine():
    model = ""
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    memory = 0
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemTotal:"):
                memory = round(int(line.split()[1]) / 1024 / 1024)
    system = platform.platform()
    if os.path.exists("/etc/os-release"):
        with open("/etc/os-release") as f:
            fields = dict(line.rstrip("\n").split("=", 1) for line in f if "=" in line)
        system = fields.get("PRETTY_NAME", system).strip('"')
    return {
        "processors": os.cpu_count(),
        "cpu": model,
        "memoryGiB": memory,
        "os": system,
        "kernel": platform.release(),
        "swift": command("swift", "--version").splitlines()[0] if command("swift", "--version") else "",
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", required=True)
    parser.add_argument("--steps", required=True)
    parser.add_argument("--started", required=True)
    parser.add_argument("--load", default="")
    parser.add_argument("--root", required=True)
    parser.add_argument("--markdown", required=True)
    parser.add_argument("--json", required=True)
    args = parser.parse_args()

    steps = []
    with open(args.steps) as f:
        for line in f:
            step, status, seconds = line.rstrip("\n").split("\t")
            steps.append({"step": step, "status": status, "seconds": int(seconds)})
    rows = []
    for step in steps:
        path = os.path.join(args.parts, step["step"] + ".json")
        if step["status"] == "skipped" or not os.path.exists(path):
            continue
        with open(path) as f:
            part = json.load(f)
        for entry in part.get("goals", []) + part.get("ratios", []):
            row = {"step": step["step"], "measured": METHODS.get(step["step"], ""), "target": None, "met": None}
            row.update(entry)
            # Measurements that predate `unit` (loopback) write ratios with targets in ×
            # and counts with other targets (errors: = 0).
            row.setdefault("unit", "×" if row["target"] is None or row["target"].endswith("×") else "")
            rows.append(row)

    # Grouped by goal id (B1 … B7), goals before the ratios reported without one, each in step order.
    rows.sort(key=lambda row: (row["id"], row["target"] is None))

    commit = command("git", "-C", args.root, "rev-parse", "--short", "HEAD")
    if command("git", "-C", args.root, "status", "--porcelain", "--untracked-files=no"):
        commit += " (with uncommitted changes)"
    report = {
        "date": args.started,
        "commit": commit,
        "machine": {**machine(), "loadAverageAtStart": args.load},
        "steps": steps,
        "results": rows,
        "goalsMet": sum(1 for row in rows if row["met"] is True),
        "goals": sum(1 for row in rows if row["target"] is not None),
    }
    with open(args.json, "w") as out:
        json.dump(report, out, indent=2, ensure_ascii=False)
        out.write("\n")

    m = report["machine"]
    lines = [
        "# Courier benchmarks",
        "",
        f"{args.started}, commit {commit}. {m['processors']} processors ({m['cpu']}), {m['memoryGiB']} GiB, "
        f"{m['os']}, {m['swift']}; load average {args.load} at the start.",
        "",
        "Steps: " + "; ".join(f"{s['step']} {s['status']}" + (f" ({s['seconds']} s)" if s["status"] != "skipped" else "")
                              for s in steps) + ".",
        "",
        f"{report['goalsMet']} of {report['goals']} goals met.",
        "",
        "| id | what | measured | value | goal | met |",
        "| --- | --- | --- | ---: | --- | --- |",
    ]
    for row in rows:
        target = row["target"] or "—"
        met = "—" if row["met"] is None else ("met" if row["met"] else "**not met**")
        if row["value"] is None:
            value = "n/a"
        elif row["unit"] == "×":
            value = f"{row['value']:.2f}×"
        else:
            value = f"{row['value']:,.1f} {row['unit']}" if row["unit"] else f"{row['value']:g}"
        lines.append(f"| {row['id']} | {row['what']} | {row['measured']} | {value} | {target} | {met} |")
    with open(args.markdown, "w") as out:
        out.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
