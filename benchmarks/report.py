#!/usr/bin/env python3
"""Reads BenchmarkDotNet's CSV reports of the transfer scenarios (and the LOH mode's table) and writes
results/latest.md (a table per scenario with ratios against the AWS SDK and the raw ceiling) and results/ratios.svg
(ours / AWS SDK throughput, one bar per scenario, profile and variant). Standard library only."""
import argparse
import csv
import glob
import html
import os
import re

TIME_NS = {"ns": 1.0, "us": 1e3, "μs": 1e3, "ms": 1e6, "s": 1e9, "min": 60e9}
SIZE_B = {"B": 1, "KB": 1024, "MB": 1024 ** 2, "GB": 1024 ** 3}


def number(text):
    return float(text.replace(",", ""))


def parse_time(text):
    value, unit = text.split()
    return number(value) * TIME_NS[unit]


def parse_size(text):
    if text in ("-", "", "NA"):
        return 0.0
    value, unit = text.split()
    return number(value) * SIZE_B[unit]


def human_size(b):
    for unit, scale in (("GB", 1024 ** 3), ("MB", 1024 ** 2), ("KB", 1024)):
        if b >= scale:
            return f"{b / scale:,.1f} {unit}"
    return f"{b:,.0f} B"


def human_time(ns):
    return f"{ns / 1e9:.3f} s" if ns >= 1e9 else f"{ns / 1e6:.1f} ms"


def gen2_per_op(text):
    """BenchmarkDotNet reports collections per 1000 operations and hides the column when all are zero."""
    if text in (None, "", "-", "NA"):
        return "0"
    return f"{number(text) / 1000:g}"


def split_method(name):
    client, _, variant = name.partition("_")
    return client, variant


def kind(client):
    if client.startswith("Ours"):
        return "ours"
    if client.startswith("AwsSdk"):
        return "sdk"
    if client.startswith("RawHttp"):
        return "raw"
    return "other"


def read_rows(path):
    rows = []
    with open(path, newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            if r.get("Mean", "NA") in ("NA", ""):
                rows.append({"method": r["Method"], "profile": r.get("Profile", ""), "failed": True})
                continue
            client, variant = split_method(r["Method"])
            rows.append({
                "method": r["Method"], "client": client, "variant": variant, "profile": r.get("Profile", ""),
                "mean": parse_time(r["Mean"]), "gibs": r.get("GiB/s", "NA"),
                "allocated": parse_size(r.get("Allocated", "-")), "gen2": gen2_per_op(r.get("Gen2", "-")),
                "failed": False,
            })
    return rows


def ceiling_of(group):
    raws = [r for r in group if kind(r["client"]) == "raw"]
    tens = [r for r in raws if "10" in r["client"]]
    return (tens or raws or [None])[0]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--artifacts", default="BenchmarkDotNet.Artifacts")
    parser.add_argument("--out", default="benchmarks/results")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)

    meta = {}
    meta_path = os.path.join(args.artifacts, "meta.txt")
    if os.path.exists(meta_path):
        with open(meta_path, encoding="utf-8") as f:
            meta = dict(line.rstrip("\n").split("=", 1) for line in f if "=" in line)

    lines = ["# Benchmark results: this library vs the AWS SDK's TransferUtility", ""]
    lines.append(f"- Date: {meta.get('date', '?')}; mode: {meta.get('mode', '?')}; "
                 f"object size: {meta.get('size_mib', '?')} MiB; small objects: {meta.get('small_count', '?')} x 1 KiB")
    lines.append(f"- Machine: {meta.get('nproc', '?')} cores ({meta.get('cpu', '?')}), {meta.get('memory', '?')} RAM, "
                 f"dotnet {meta.get('dotnet', '?')}, loopback, endpoint out of process")
    lines.append(f"- Load average (1/5/15 min) before: {meta.get('load_before', '?')}; after BenchmarkDotNet: "
                 f"{meta.get('load_after_bdn', '?')}; after LOH mode: {meta.get('load_after', '?')}")
    lines.append(f"- Run time: BenchmarkDotNet {meta.get('bdn_seconds', '?')} s (build included), "
                 f"LOH mode {meta.get('loh_seconds', '?')} s")
    lines.append("- *x AWS SDK* = AWS SDK mean (better of PART and RANGE) / this row's mean: above 1 is faster than "
                 "the SDK. *of ceiling* = raw HttpClient 10-stream mean / this row's mean (the fraction of the "
                 "ceiling's throughput). Allocated is per operation, in this process only.")
    lines.append("")

    bars = []
    failures = []
    for path in sorted(glob.glob(os.path.join(args.artifacts, "results", "*-report.csv"))):
        scenario = os.path.basename(path).split("-report")[0].split(".")[-1].replace("Benchmarks", "")
        rows = read_rows(path)
        failures += [f"{scenario}.{r['method']} ({r['profile']})" for r in rows if r["failed"]]
        rows = [r for r in rows if not r["failed"]]
        lines += [f"## {scenario}", "",
                  "| Client | Profile | Mean | GiB/s | Allocated / op | Gen2 / op | x AWS SDK | of ceiling |",
                  "|---|---|---:|---:|---:|---:|---:|---:|"]
        groups = {}
        for r in rows:
            groups.setdefault((r["profile"], r["variant"]), []).append(r)
        for (profile, variant), group in groups.items():
            sdks = [r for r in group if kind(r["client"]) == "sdk"]
            sdk_best = min(sdks, key=lambda r: r["mean"]) if sdks else None
            ceiling = ceiling_of(group)
            for r in group:
                vs_sdk = f"{sdk_best['mean'] / r['mean']:.2f}" if sdk_best else "n/a"
                vs_ceiling = f"{ceiling['mean'] / r['mean']:.2f}" if ceiling else "n/a"
                name = f"**{r['method']}**" if kind(r["client"]) == "ours" else r["method"]
                lines.append(f"| {name} | {profile} | {human_time(r['mean'])} | {r['gibs']} | "
                             f"{human_size(r['allocated'])} | {r['gen2']} | {vs_sdk} | {vs_ceiling} |")
                if kind(r["client"]) == "ours" and sdk_best:
                    label = f"{scenario} {r['method']} {profile}"
                    bars.append((label, sdk_best["mean"] / r["mean"]))
        lines.append("")

    if failures:
        lines += ["Benchmarks that produced no result: " + ", ".join(failures), ""]

    loh_path = os.path.join(args.artifacts, "loh.md")
    if os.path.exists(loh_path):
        lines += ["## LOH and allocations per transfer (`-- loh`, in process, one measured run after one warm-up)", ""]
        with open(loh_path, encoding="utf-8") as f:
            lines += [line.rstrip("\n") for line in f if line.strip()]
        lines.append("")

    lines += ["![ours / AWS SDK throughput](ratios.svg)", ""]
    with open(os.path.join(args.out, "latest.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    write_svg(os.path.join(args.out, "ratios.svg"), bars, meta)


def write_svg(path, bars, meta):
    """A horizontal bar chart: one bar per (scenario, our method, profile), a line at 1.0 (parity with the SDK)."""
    label_w, bar_w, row_h, top = 360, 420, 22, 40
    top_value = max([b[1] for b in bars] + [1.0]) * 1.1
    height = top + row_h * len(bars) + 40
    width = label_w + bar_w + 80
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="10" y="20" font-size="14" font-weight="bold">Throughput, this library / AWS SDK TransferUtility '
           f'(better of PART, RANGE) - {html.escape(meta.get("date", ""))}, {html.escape(meta.get("mode", ""))}</text>']
    for i, (label, value) in enumerate(bars):
        y = top + i * row_h
        w = bar_w * value / top_value
        color = "#2e7d32" if value >= 1 else "#c62828"
        out.append(f'<text x="{label_w - 6}" y="{y + 15}" text-anchor="end">{html.escape(label)}</text>')
        out.append(f'<rect x="{label_w}" y="{y + 3}" width="{w:.1f}" height="{row_h - 6}" fill="{color}"/>')
        out.append(f'<text x="{label_w + w + 4:.1f}" y="{y + 15}">{value:.2f}x</text>')
    x1 = label_w + bar_w / top_value
    out.append(f'<line x1="{x1:.1f}" y1="{top - 4}" x2="{x1:.1f}" y2="{top + row_h * len(bars)}" stroke="black" stroke-dasharray="4 3"/>')
    out.append(f'<text x="{x1:.1f}" y="{top + row_h * len(bars) + 16}" text-anchor="middle">1.0 = parity</text>')
    out.append("</svg>")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
