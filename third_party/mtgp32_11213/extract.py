#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Extracts MTGP32's 200 parameter sets for MEXP 11213 into a CSV, from cuRAND's header or from
the authors' mtgp32dc-param-11213.c (MTGP repository, cuda-sample/; its UINT32_C(...) wrappers
are read through).

    python3 extract.py [/usr/local/cuda/include/curand_mtgp32dc_p_11213.h] > mtgp32_11213.csv

Reads the initialiser of mtgp32dc_params_fast_11213[] (struct mtgp32_params_fast in
curand_mtgp32.h: mexp, pos, sh1, sh2, tbl[16], tmp_tbl[16], flt_tmp_tbl[16], mask,
poly_sha1[21]) and writes one row per set; poly_sha1 is left out. Fails unless it finds
exactly 200 sets of 53 numbers each (after the 21 digest bytes are dropped).
"""
import re
import sys

path = sys.argv[1] if len(sys.argv) > 1 else "/usr/local/cuda/include/curand_mtgp32dc_p_11213.h"
text = open(path, encoding="ascii").read()
text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
text = re.sub(r"UINT32_C\((0x[0-9a-fA-F]+)\)", r"\1", text)
start = text.index("mtgp32dc_params_fast_11213[]")
body = text[text.index("{", start):]
body = body[: body.index("};")]
numbers = [int(n, 0) for n in re.findall(r"0x[0-9a-fA-F]+|\d+", body)]
per_set = 4 + 16 * 3 + 1 + 21
if len(numbers) != 200 * per_set:
    sys.exit(f"{path}: found {len(numbers)} numbers, expected {200 * per_set} (200 sets of {per_set})")
tables = ["tbl", "tmp_tbl", "flt_tmp_tbl"]
print(",".join(["index", "mexp", "pos", "sh1", "sh2", "mask"] +
               [f"{t}{j}" for t in tables for j in range(16)]))
for i in range(200):
    s = numbers[i * per_set:(i + 1) * per_set]
    mexp, pos, sh1, sh2 = s[0:4]
    words = s[4:52]
    mask = s[52]
    if mexp != 11213:
        sys.exit(f"{path}: set {i} has mexp {mexp}")
    print(",".join([str(i), str(mexp), str(pos), str(sh1), str(sh2), f"0x{mask:08x}"] +
                   [f"0x{w:08x}" for w in words]))
