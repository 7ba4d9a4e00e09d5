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


def test_gil_is_released_while_generating():
    g = glrand.Generator("mrg32k3a", path="cpu")
    g.random(1_000)
    ticks = [0]
    stop = threading.Event()

    def count():
        while not stop.is_set():
            ticks[0] += 1

    counter = threading.Thread(target=count)
    counter.start()
    time.sleep(0.05)
    start = ticks[0]
    began = time.perf_counter()
    g.random(20_000_000, dtype=numpy.float64)
    seconds = time.perf_counter() - began
    during = ticks[0] - start
    stop.set()
    counter.join()
    # Held, the GIL would let the counter run only at the switch interval's end, if at all.
    assert during > 1_000, (during, seconds)
