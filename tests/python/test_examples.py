# SPDX-License-Identifier: MIT
"""examples/python/normals_and_pi.py runs, its own statistical checks pass (the normal
histogram against the density, pi's estimates within five standard errors), and it writes
a PNG picture."""
import os
import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "python" / "normals_and_pi.py"


def test_normals_and_pi_example(tmp_path):
    picture = tmp_path / "picture.png"
    done = subprocess.run([sys.executable, str(EXAMPLE), "--path", "cpu", "-o", str(picture)], capture_output=True,
                          text=True, cwd=tmp_path, env=dict(os.environ, MPLCONFIGDIR=str(tmp_path)))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "chi2" in done.stdout
    data = picture.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000
