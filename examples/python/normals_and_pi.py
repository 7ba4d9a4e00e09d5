#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Two pictures of glrand from NumPy: a histogram of 10^6 normals (MRG32k3a, inverse CDF)
against the normal density, and Monte Carlo estimates of pi from each generator converging as
1/sqrt(n). Writes one PNG; exits non-zero if the histogram does not fit the density
(chi-squared) or an estimate of pi strays beyond five standard errors.

    PYTHONPATH=build/python python3 examples/python/normals_and_pi.py --path cpu -o picture.png
"""
import argparse
import math
import sys

import matplotlib

matplotlib.use("Agg")  # a file, no window
import matplotlib.pyplot as plt  # noqa: E402
import numpy  # noqa: E402

import glrand  # noqa: E402


def normal_histogram(axes, path):
    n, bins = 10**6, numpy.linspace(-5.0, 5.0, 101)
    z = glrand.Generator("mrg32k3a", path=path, seed=2006).normal(n, dtype=numpy.float64)
    counts, edges = numpy.histogram(z, bins)
    cdf = numpy.array([0.5 * math.erfc(-x / math.sqrt(2.0)) for x in edges])
    expected = n * numpy.diff(cdf)
    used = expected > 5.0
    chi2 = float(((counts[used] - expected[used]) ** 2 / expected[used]).sum())
    dof = int(used.sum()) - 1
    width = edges[1] - edges[0]
    axes.bar(edges[:-1], counts / (n * width), width=width, align="edge", color="#9ecae1", label="glrand mrg32k3a")
    x = numpy.linspace(-5.0, 5.0, 400)
    axes.plot(x, numpy.exp(-x * x / 2.0) / math.sqrt(2.0 * math.pi), color="#08306b", label="density")
    axes.set_title(f"10^6 normals (inverse CDF), chi2 = {chi2:.0f} on {dof} d.o.f.")
    axes.set_xlabel("z")
    axes.legend()
    return chi2, dof


def pi_estimates(axes, path):
    counts = [10**k for k in range(2, 8)]
    worst = 0.0
    for info in glrand.generators():
        name = info.name
        generator_path = "cpu" if path == "gl" and not info.has_gl_path else path
        g = None if name == "sobol32" else glrand.Generator(name, path=generator_path)
        errors = []
        for n in counts:
            if name == "sobol32":
                # The first n 2-d points, dimension-major: x is the first n outputs, y the next n.
                u = glrand.generate(name, 2 * n, path=generator_path, dtype=numpy.float64, dimensions=2)
                x, y = u[:n], u[n:]
            else:
                u = g.random(2 * n, dtype=numpy.float64)
                x, y = u[0::2], u[1::2]
            estimate = 4.0 * numpy.count_nonzero(x * x + y * y < 1.0) / n
            errors.append(abs(estimate - math.pi))
            if name != "sobol32":
                worst = max(worst, abs(estimate - math.pi) / (4.0 * math.sqrt(math.pi / 4 * (1 - math.pi / 4) / n)))
        axes.loglog(counts, errors, marker="o", label=f"{name} ({generator_path})")
    axes.loglog(counts, [1.64 / math.sqrt(n) for n in counts], color="black", linestyle="--",
                label="1.64/sqrt(n): one standard error")
    axes.set_title("|estimate of pi - pi| from n points in the unit square")
    axes.set_xlabel("n")
    axes.legend(fontsize="small")
    return worst


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--path", default="cpu", choices=["gl", "cpu", "cuda"], help="where to generate")
    parser.add_argument("-o", "--output", default="normals_and_pi.png", help="the PNG to write")
    args = parser.parse_args()
    figure, (left, right) = plt.subplots(1, 2, figsize=(13, 5), dpi=80)
    chi2, dof = normal_histogram(left, args.path)
    worst = pi_estimates(right, args.path)
    figure.suptitle(f"glrand {glrand.__version__} from NumPy, path {args.path}")
    figure.tight_layout()
    figure.savefig(args.output)
    print(f"normals: chi2 {chi2:.1f} on {dof} degrees of freedom; pi: worst error {worst:.2f} standard errors; "
          f"wrote {args.output}")
    # chi2 beyond dof + 6·sqrt(2·dof) has p < 1e-6; five standard errors, p < 1e-6 per estimate.
    return 0 if chi2 < dof + 6.0 * math.sqrt(2.0 * dof) and worst < 5.0 else 1


if __name__ == "__main__":
    sys.exit(main())
