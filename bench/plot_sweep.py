#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Plots the 2006 paper's two open questions from a substream sweep log: outputs per second
against the number of substreams P, for each stateful generator with its states updated on
the GPU (state passes) and on the CPU (skip-ahead between passes).

    python3 bench/plot_sweep.py bench/results/2026-11-21-h200-substream-sweep/substream-sweep.md [-o FILE.png] [--csv FILE.csv]

The log is what `bash bench/gpu/run.sh sweep` writes: one `bench_fragment
--substreams P --stateful-outputs N` table per P. Three panels: the end-to-end rate (N outputs
read back to host memory), the GPU rate of one pass, and the end-to-end rate with GPU update
over the rate with CPU update (above 1: updating on the GPU wins). `--csv` also writes the
parsed rows. Needs matplotlib (Debian: apt-get install python3-matplotlib).
"""
import argparse
import csv
import re
import sys

COLUMNS = ["substreams", "generator", "state_update", "outputs_per_texel_per_pass", "targets",
           "gpu_ms_per_pass", "outputs_per_second_gpu", "vs_fill", "outputs_per_second_end_to_end"]


def parse(path):
    """Rows of the stateful tables, each tagged with the P of the bench_fragment run above it."""
    rows, substreams, end_to_end_outputs, device = [], None, None, None
    with open(path) as f:
        lines = f.read().splitlines()
    for i, line in enumerate(lines):
        command = re.match(r"== bench_fragment .*--substreams (\d+).*--stateful-outputs (\d+)", line)
        if command:
            substreams, end_to_end_outputs = int(command.group(1)), int(command.group(2))
            continue
        if line.startswith("== nvidia-smi") and i + 2 < len(lines):
            device = lines[i + 2].split(",")[0].strip()  # the line after the CSV header
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if substreams is None or len(cells) != 8 or cells[0] in ("generator", "---"):
            continue
        try:
            numbers = [float(cells[i].rstrip("%")) for i in (2, 3, 4, 5, 6, 7)]
        except ValueError:
            continue
        rows.append({"substreams": substreams, "generator": cells[0], "state_update": cells[1],
                     "outputs_per_texel_per_pass": int(numbers[0]), "targets": int(numbers[1]),
                     "gpu_ms_per_pass": numbers[2], "outputs_per_second_gpu": numbers[3],
                     "vs_fill": round(numbers[4] / 100.0, 4), "outputs_per_second_end_to_end": numbers[5]})
    return rows, end_to_end_outputs, device


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log", help="a log of `bench/gpu/run.sh sweep` (bench/results/*-substream-sweep/substream-sweep.md)")
    parser.add_argument("-o", "--output", help="the PNG to write (default: the log's name with .png)")
    parser.add_argument("--csv", help="also write the parsed rows to this CSV")
    args = parser.parse_args()
    output = args.output or re.sub(r"\.(md|log|txt)$", "", args.log) + ".png"

    rows, end_to_end_outputs, device = parse(args.log)
    if not rows:
        sys.exit(f"{args.log}: no bench_fragment stateful tables after '== bench_fragment ... --substreams P' lines")
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=COLUMNS, lineterminator="\n")
            writer.writeheader()
            writer.writerows(rows)

    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.lines import Line2D
        from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter
    except ImportError:
        sys.exit("bench/plot_sweep.py needs matplotlib: apt-get install python3-matplotlib (then run it with /usr/bin/python3)")

    generators = list(dict.fromkeys(r["generator"] for r in rows))  # in the log's order
    colours = {g: plt.cm.tab10(i % 10) for i, g in enumerate(generators)}
    styles = {"gpu": ("-", "o"), "cpu": ("--", "s")}

    def series(generator, update, key):
        points = sorted((r["substreams"], r[key]) for r in rows
                        if r["generator"] == generator and r["state_update"] == update)
        return [p[0] for p in points], [p[1] for p in points]

    figure, (end_axes, pass_axes, ratio_axes) = plt.subplots(1, 3, figsize=(17, 5.8))
    best_points = []
    for generator in generators:
        for update, (line, marker) in styles.items():
            xs, ys = series(generator, update, "outputs_per_second_end_to_end")
            end_axes.plot(xs, ys, line, marker=marker, color=colours[generator])
            xs, ys = series(generator, update, "outputs_per_second_gpu")
            pass_axes.plot(xs, ys, line, marker=marker, color=colours[generator])
        xs, gpu = series(generator, "gpu", "outputs_per_second_end_to_end")
        cpu = dict(zip(*series(generator, "cpu", "outputs_per_second_end_to_end")))
        ratio = [(x, y / cpu[x]) for x, y in zip(xs, gpu) if cpu.get(x)]
        ratio_axes.plot([p[0] for p in ratio], [p[1] for p in ratio], "-", marker="o", color=colours[generator])
        for update in styles:  # label the best P end to end, per generator and state update
            xs, ys = series(generator, update, "outputs_per_second_end_to_end")
            best = max(range(len(ys)), key=ys.__getitem__)
            best_points.append((xs[best], ys[best], colours[generator]))
    for x, y, colour in best_points:  # above the point, below it where another label sits just above
        crowded = any(x2 == x and y < y2 <= 1.3 * y for x2, y2, _ in best_points)
        end_axes.annotate(f"{y / 1e6:.0f}M", (x, y), textcoords="offset points", xytext=(0, -11 if crowded else 5),
                          ha="center", va="center" if crowded else "bottom", fontsize="x-small", color=colour)

    outputs = f"2^{end_to_end_outputs.bit_length() - 1}" if end_to_end_outputs and \
        end_to_end_outputs & (end_to_end_outputs - 1) == 0 else str(end_to_end_outputs)
    end_axes.set(title=f"where to update, how many substreams:\n{outputs} outputs end to end (read back, checked)",
                 ylabel="outputs per second")
    pass_axes.set(title="one pass on the GPU (GL timer query)", ylabel="outputs per second")
    ratio_axes.set(title="end to end: GPU update / CPU update\n(above 1: update the states on the GPU)",
                   ylabel="rate with GPU update / rate with CPU update")
    ratio_axes.axhline(1.0, color="grey", linewidth=0.8)
    for axes in (end_axes, pass_axes, ratio_axes):
        axes.set_xscale("log", base=2)
        axes.set_xlabel("substreams P (leapfrog, ps30)")
        axes.grid(True, which="both", alpha=0.3)
    for axes in (end_axes, pass_axes):
        axes.set_yscale("log")
        axes.yaxis.set_major_locator(LogLocator(subs=(1, 2, 5)))
        axes.yaxis.set_minor_formatter(NullFormatter())
        axes.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v / 1e9:g}G" if v >= 1e9 else f"{v / 1e6:g}M"))
    ratio_axes.set_ylim(bottom=0)

    by_generator = [Line2D([], [], color=colours[g], label=g) for g in generators]
    by_update = [Line2D([], [], color="black", linestyle=line, marker=marker, label=f"state update on the {u.upper()}")
                 for u, (line, marker) in styles.items()]
    end_axes.legend(handles=by_generator + by_update, fontsize="small", loc="lower right")
    figure.suptitle(f"glrand ps30 substream sweep ({args.log.split('/')[-1]}; {device or 'device unknown'})",
                    fontsize="small")
    figure.tight_layout()
    figure.savefig(output, dpi=110)
    print(output)


if __name__ == "__main__":
    main()
