#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The Python module's rate into host memory beside the C++ API's and NumPy's, in one run.

For each generator and path: glrand.generate() (a new Generator and a new array each call:
"fresh") and Generator.random(out=...) (one generator and one array: "warm"), each beside
bench_library's same call of the C++ API (bench/programs/bench_library.cpp), and NumPy's
PCG64 (numpy.random.default_rng().random(n, dtype=float32), a new array each call) on one
core. Medians of --repeats calls on the wall clock; a Markdown table on stdout, CSV with --csv.

    PYTHONPATH=build/python python3 bench/python/bench_python.py --library build/bench_library \\
        --paths cpu,gl,cuda -g pm -n 1e9 --repeats 5
"""
import argparse
import csv
import statistics
import subprocess
import sys
import time

import warnings

import numpy

import glrand


def median_seconds(call, repeats):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def library_rates(exe, generator, path, n, fmt, repeats):
    """bench_library's fresh and warm rates (outputs per second), and where it ran."""
    done = subprocess.run([exe, "-g", generator, "--path", path, "-n", str(n), "--format", fmt, "--repeats",
                           str(repeats)], capture_output=True, text=True, check=True)
    rates, where = {}, ""
    for line in done.stdout.splitlines():
        fields = dict(part.split("=", 1) for part in line.split(" ") if "=" in part)
        rates[fields["mode"]] = float(fields["outputs_per_s"])
        where = line.split('where="', 1)[1].rstrip('"')
    return rates, where


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-g", "--generators", default="pm", help="comma-separated")
    parser.add_argument("--paths", default="cpu,gl,cuda", help="comma-separated; a path this machine lacks is left out")
    parser.add_argument("-n", "--count", default="1e9", help="outputs per call")
    parser.add_argument("--dtype", default="float32", choices=["float32", "float64"])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--library", required=True, help="the bench_library program")
    parser.add_argument("--csv", help="also write the rows here")
    args = parser.parse_args()
    # A software renderer's notice: the rows' "where" says which renderer ran.
    warnings.filterwarnings("ignore", message="glrand: no GPU found")
    n = int(float(args.count))
    dtype = numpy.dtype(args.dtype)
    fmt = {"float32": "f32", "float64": "f64"}[args.dtype]
    available = {"cpu"}
    if any(d.path == "gl" for d in glrand.devices()):
        available.add("gl")
    if glrand._glrand.cuda_status()[0]:
        available.add("cuda")

    rng = numpy.random.default_rng(12345)
    numpy_rate = n / median_seconds(lambda: rng.random(n, dtype=dtype), args.repeats)
    print(f"NumPy {numpy.__version__} PCG64 random(n, dtype={args.dtype}), one core: {numpy_rate / 1e6:.1f} M/s")

    rows = []
    for path in args.paths.split(","):
        if path not in available:
            print(f"{path}: not on this machine, left out", file=sys.stderr)
            continue
        for generator in args.generators.split(","):
            fresh = n / median_seconds(lambda: glrand.generate(generator, n, path=path, dtype=dtype), args.repeats)
            g = glrand.Generator(generator, path=path)
            out = numpy.empty(n, dtype)
            g.random(out=out)  # the device, the engine and the pages made
            warm = n / median_seconds(lambda: g.random(out=out), args.repeats)
            library, where = library_rates(args.library, generator, path, n, fmt, args.repeats)
            rows.append({"generator": generator, "path": path, "where": where, "outputs": n, "dtype": args.dtype,
                         "python_fresh": fresh, "cpp_fresh": library["fresh"], "python_warm": warm,
                         "cpp_warm": library["warm"], "numpy_pcg64": numpy_rate})

    print()
    print("| generator | path | glrand.generate() | C++ fresh | ratio | Generator.random(out=) | C++ warm | ratio "
          "| NumPy PCG64 | generate() / NumPy |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        print(f"| {r['generator']} | {r['path']} | {r['python_fresh'] / 1e6:.0f} M/s | {r['cpp_fresh'] / 1e6:.0f} M/s "
              f"| {r['python_fresh'] / r['cpp_fresh']:.0%} | {r['python_warm'] / 1e6:.0f} M/s "
              f"| {r['cpp_warm'] / 1e6:.0f} M/s | {r['python_warm'] / r['cpp_warm']:.0%} "
              f"| {r['numpy_pcg64'] / 1e6:.0f} M/s | {r['python_fresh'] / r['numpy_pcg64']:.3g}x |")
    for r in rows:
        print(f"{r['path']}: {r['where']}")
    if args.csv:
        with open(args.csv, "w", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, fieldnames=list(rows[0]) if rows else ["generator"])
            writer.writeheader()
            writer.writerows(rows)


if __name__ == "__main__":
    main()
