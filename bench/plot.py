#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Plots a `glrand bench --csv` file: outputs per second against outputs per row, and the
ratio to the row's ceiling, one line per path, profile and generator.

    python3 bench/plot.py bench.csv [-o bench.png]

Needs matplotlib (Debian: apt-get install python3-matplotlib).
"""
import argparse
import csv
import sys
from collections import defaultdict


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv", help="a CSV written by `glrand bench --csv`")
    parser.add_argument("-o", "--output", help="the PNG to write (default: the CSV's name with .png)")
    args = parser.parse_args()
    output = args.output or (args.csv[:-4] if args.csv.endswith(".csv") else args.csv) + ".png"

    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        sys.exit("bench/plot.py needs matplotlib: apt-get install python3-matplotlib (then run it with /usr/bin/python3)")

    with open(args.csv, newline="") as f:
        rows = list(csv.DictReader(f))
    needed = {"path", "profile", "generator", "outputs", "outputs_per_second", "ratio", "device", "ceiling"}
    if not rows or not needed <= rows[0].keys():
        sys.exit(f"{args.csv}: not a `glrand bench --csv` file (columns {', '.join(sorted(needed))} expected)")

    series = defaultdict(list)  # (path, profile, generator) -> [(outputs, rate, ratio)]
    devices = {}
    for row in rows:
        key = (row["path"], row["profile"], row["generator"])
        series[key].append((float(row["outputs"]), float(row["outputs_per_second"]), float(row["ratio"])))
        devices[row["path"]] = row["device"]

    generators = sorted({key[2] for key in series})
    colours = {g: plt.cm.tab10(i % 10) for i, g in enumerate(generators)}
    styles = ["-", "--", ":", "-."]
    kinds = sorted({(key[0], key[1]) for key in series})
    style = {kind: (styles[i % len(styles)], "os^vDPX*"[i % 8]) for i, kind in enumerate(kinds)}

    figure, (rate_axes, ratio_axes) = plt.subplots(1, 2, figsize=(15, 6.5))
    for key in sorted(series):
        points = sorted(series[key])
        xs = [p[0] for p in points]
        line, marker = style[(key[0], key[1])]
        label = f"{key[0]} {key[1]} {key[2]}"
        rate_axes.plot(xs, [p[1] for p in points], line, marker=marker, color=colours[key[2]], label=label)
        ratio_axes.plot(xs, [p[2] for p in points], line, marker=marker, color=colours[key[2]], label=label)
    rate_axes.set(xscale="log", yscale="log", xlabel="outputs (per row; GL: per pass)", ylabel="outputs per second",
                  title="rate")
    ratio_axes.set(xscale="log", yscale="log", xlabel="outputs (per row; GL: per pass)",
                   ylabel="ceiling's time / generator's time", title="ratio to the same run's ceiling")
    ratio_axes.axhline(1.0, color="grey", linewidth=0.8)
    for axes in (rate_axes, ratio_axes):
        axes.grid(True, which="both", alpha=0.3)
    # Two short legends instead of one line per series: colour = generator, line = path and profile.
    from matplotlib.lines import Line2D
    by_generator = [Line2D([], [], color=colours[g], label=g) for g in generators]
    by_kind = [Line2D([], [], color="black", linestyle=style[k][0], marker=style[k][1], label=f"{k[0]} {k[1]}")
               for k in kinds]
    generator_legend = ratio_axes.legend(handles=by_generator, title="generator", fontsize="small",
                                         loc="upper left", bbox_to_anchor=(1.01, 1.0))
    ratio_axes.add_artist(generator_legend)
    ratio_axes.legend(handles=by_kind, title="path, profile", fontsize="small", loc="lower left",
                      bbox_to_anchor=(1.01, 0.0))
    figure.suptitle("glrand bench: " + "; ".join(f"{p}: {d}" for p, d in sorted(devices.items())), fontsize="small")
    figure.tight_layout()
    figure.savefig(output, dpi=110)
    print(output)


if __name__ == "__main__":
    main()
