#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Plots a `glrand bench --csv` file: outputs per second against outputs per row, and the
ratio to the row's ceiling, one line per path, profile and generator (colour: generator;
marker: path and profile; hollow and dashed: read back to host memory).

    python3 bench/plot.py bench.csv [-o bench.png]

Needs matplotlib (Debian: apt-get install python3-matplotlib).
"""
import argparse
import csv
import sys
from collections import defaultdict


def is_readback(path, profile):
    """Whether a row's outputs are read back to host memory (gl PROFILE-readback, cuda readback)."""
    return profile.endswith("-readback") or (path == "cuda" and profile == "readback")


def base_profile(path, profile):
    """The profile a row's outputs are made in: gl's without "-readback"; cuRAND's (cuda curand,
    curand-legacy) apart from our kernels; one for the rest of cuda and for cpu."""
    if path == "gl":
        return profile.removesuffix("-readback")
    if path == "cuda" and profile.startswith("curand"):
        return profile
    return ""


def line_style(path, profile):
    if path == "cpu":
        return ":"
    return "--" if is_readback(path, profile) else "-"


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
    # A row's kind is its path and profile. The marker's shape tells the path and the profile
    # without "-readback" (gl ps30, gl scatter, gl compute, cuda, cpu); where the outputs end, the
    # line and the marker's fill: solid and filled in device memory, dashed and hollow read back
    # to host memory (visible also for a single size), dotted and filled made in host memory.
    kinds = sorted({(key[0], key[1]) for key in series})
    bases = sorted({(path, base_profile(path, profile)) for path, profile in kinds})
    markers = {base: "os^vDPX*"[i % 8] for i, base in enumerate(bases)}
    style = {(path, profile): (line_style(path, profile), markers[(path, base_profile(path, profile))])
             for path, profile in kinds}

    figure, (rate_axes, ratio_axes) = plt.subplots(1, 2, figsize=(15, 6.5))
    for key in sorted(series):
        points = sorted(series[key])
        xs = [p[0] for p in points]
        line, marker = style[(key[0], key[1])]
        label = f"{key[0]} {key[1]} {key[2]}"
        fill = "none" if is_readback(key[0], key[1]) else colours[key[2]]
        for axes, column in ((rate_axes, 1), (ratio_axes, 2)):
            axes.plot(xs, [p[column] for p in points], line, marker=marker, color=colours[key[2]],
                      markerfacecolor=fill, label=label)
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
    by_kind = [Line2D([], [], color="black", linestyle=style[k][0], marker=style[k][1],
                      markerfacecolor="none" if is_readback(*k) else "black", label=f"{k[0]} {k[1]}")
               for k in kinds]
    generator_legend = ratio_axes.legend(handles=by_generator, title="generator", fontsize="small",
                                         loc="upper left", bbox_to_anchor=(1.01, 1.0))
    ratio_axes.add_artist(generator_legend)
    ratio_axes.legend(handles=by_kind, title="path, profile (hollow, dashed: read back to host)", fontsize="small",
                      loc="lower left", bbox_to_anchor=(1.01, 0.0))
    figure.suptitle("glrand bench: " + "; ".join(f"{p}: {d}" for p, d in sorted(devices.items())), fontsize="small")
    figure.tight_layout()
    figure.savefig(output, dpi=110)
    print(output)


if __name__ == "__main__":
    main()
