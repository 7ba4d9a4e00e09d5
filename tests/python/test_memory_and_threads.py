# SPDX-License-Identifier: MIT
"""A large array is made once and filled in place (no second copy), the GIL is released
while generating, and a generator may be called from any thread (its GL context is current
only during a call)."""
import subprocess
import sys
import threading
import time

import numpy
import pytest

import glrand

MEASURE = """
import resource, sys, tracemalloc
import numpy, glrand
n, path = int(sys.argv[1]), sys.argv[2]
g = glrand.Generator("mrg32k3a", path=path)
g.random(100_000, dtype=numpy.float64)   # the device and the library's own buffers made first
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
tracemalloc.start()
a = g.random(n, dtype=numpy.float64)
traced = tracemalloc.get_traced_memory()[1]
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(a.nbytes, traced, after - before)
"""


@pytest.mark.parametrize("path", ["cpu", "gl"])
def test_large_array_is_not_copied(path, tmp_path):
    if path == "gl" and not any(d.path == "gl" for d in glrand.devices()):
        pytest.skip("no EGL device, not even Mesa's software renderer")
    n = 25_000_000 if path == "cpu" else 5_000_000
    done = subprocess.run([sys.executable, "-c", MEASURE, str(n), path], capture_output=True, text=True,
                          cwd=tmp_path, check=True)
    nbytes, traced, resident = (int(x) for x in done.stdout.split())
    assert nbytes == 8 * n
    # NumPy's allocations (traced): the one array. The whole process: the array, and no
    # second array's worth beside it.
    assert traced < nbytes + 2**20, (traced, nbytes)
    assert resident < 1.5 * nbytes, (resident, nbytes)


def test_generator_called_from_other_threads():
    path = "gl" if any(d.path == "gl" for d in glrand.devices()) else "cpu"
    g = glrand.Generator("pm", path=path)
    parts = [g.integers(1_000)]
    results = {}
    worker = threading.Thread(target=lambda: results.update(words=g.integers(1_000)))
    worker.start()
    worker.join()
    parts += [results["words"], g.integers(1_000)]
    assert numpy.array_equal(numpy.concatenate(parts), glrand.generate("pm", 3_000, path="cpu", dtype=numpy.uint32))


def test_generator_shared_by_two_threads():
    # Calls on one generator run one at a time: each thread gets a whole, consecutive block.
    g = glrand.Generator("mrg32k3a", path="cpu")
    blocks = []

    def draw():
        blocks.append(g.integers(200_000))

    threads = [threading.Thread(target=draw) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    reference = glrand.generate("mrg32k3a", 400_000, path="cpu", dtype=numpy.uint32)
    assert len(blocks) == 2
    assert any(numpy.array_equal(numpy.concatenate(order), reference) for order in (blocks, blocks[::-1]))


def test_gil_is_released_while_generating():
    # The main thread wakes every 5 ms while another thread generates for a while: with the
    # GIL held through the call, it would wait for the whole call.
    g = glrand.Generator("mrg32k3a", path="cpu")
    g.random(1_000)
    span = {}

    def generate():
        span["start"] = time.perf_counter()
        g.random(60_000_000, dtype=numpy.float64)
        span["end"] = time.perf_counter()

    worker = threading.Thread(target=generate)
    wakes = []
    worker.start()
    while worker.is_alive():
        time.sleep(0.005)
        wakes.append(time.perf_counter())
    worker.join()
    during = [t for t in wakes if span["start"] <= t <= span["end"]]
    seconds = span["end"] - span["start"]
    assert seconds > 0.1, "the call was too short to tell"
    gaps = numpy.diff([span["start"], *during, span["end"]])
    assert gaps.max() < max(0.1, seconds / 3), (gaps.max(), seconds)
