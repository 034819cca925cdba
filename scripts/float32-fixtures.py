#!/usr/bin/env python3
"""Fixtures and reference numbers for Candela's float32 code tables (issue 37, item 7).

Writes the .npy fixtures of dev.candela.data.NpyFloat32TablesTest into
src/test/resources/dev/candela/data/npy/ and prints the bits the test expects, and prints the IRS
reference numbers of metrics.Fixtures.random60() computed in float64 from the float32 values of the
fixture (IrsTest), with a line-for-line copy of disentanglement_lib's
scalable_disentanglement_score and _histogram_discretize. Run from the repository root with a
Python that has numpy (the expected numbers were made with numpy 2.4.6).
"""
import json
import re
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
NPY = ROOT / "src/test/resources/dev/candela/data/npy"


def latent_fixtures():
    # every kind of float32 value a latent table can hold: zeros of both signs, the smallest
    # subnormal, the smallest normal, the largest finite value, values that are not exact decimals
    z = np.array(
        [
            [0.0, -0.0, 0.1],
            [np.float32(1.4e-45), np.finfo(np.float32).tiny, np.finfo(np.float32).max],
            [-np.finfo(np.float32).max, np.pi, -np.e],
            [1.0 / 3.0, -2.5e-7, 12345.678],
            [0.5, -1.0, 65504.0],
        ],
        dtype=np.float32,
    )
    np.save(NPY / "latents_f4.npy", z)
    np.save(NPY / "latents_f4_fortran.npy", np.asfortranarray(z))
    np.save(NPY / "latents_f4_big_endian.npy", z.astype(">f4"))
    # float64 values whose float32 rounding numpy's astype decides (ties to even)
    d = np.array(
        [[0.1, 1.0 + 2.0 ** -24, 1.0 + 3 * 2.0 ** -24], [-1e-40, 3.0e38, 2.0 / 3.0]],
        dtype=np.float64,
    )
    np.save(NPY / "latents_f8.npy", d)
    # factor tables: integer codes of any sign and size, Fortran order; floating values with -0.0
    f = np.array([[3, -1], [3, 7], [0, 7], [100000, -1]], dtype=np.int64)
    np.save(NPY / "factors_i8_fortran.npy", np.asfortranarray(f))
    np.save(NPY / "factors_f8.npy", np.array([[0.0, 2.5], [-0.0, 2.5], [1.5, -3.0]], dtype=np.float64))
    print("f4 bits (row-major):", [int(b) for b in z.view(np.uint32).ravel()])
    print("f8 -> f4 bits (row-major):", [int(b) for b in d.astype(np.float32).view(np.uint32).ravel()])


def random60():
    src = (ROOT / "src/test/java/dev/candela/metrics/Fixtures.java").read_text()

    def arr(name):
        body = src[src.index(name + " = {"):]
        body = body[body.index("{") + 1:]
        depth, i = 1, 0
        while depth:
            depth += (body[i] == "{") - (body[i] == "}")
            i += 1
        rows = re.findall(r"\{([^{}]*)\}", body[: i - 1])
        return [[float(x) for x in r.replace("\n", " ").split(",") if x.strip()] for r in rows]

    return arr("RANDOM_LATENTS"), arr("RANDOM_FACTORS")


def irs(latents, factors, bins):
    """disentanglement_lib irs.scalable_disentanglement_score after _histogram_discretize."""
    latents = np.array(latents, dtype=np.float64).T
    g = np.array(factors, dtype=np.float64)
    if bins:
        g = np.stack([np.digitize(r, np.histogram(r, bins)[1][:-1]) for r in g])
    g = g.T
    max_dev = np.max(np.abs(latents - latents.mean(axis=0)), axis=0)
    cum = np.zeros([latents.shape[1], g.shape[1]])
    for i in range(g.shape[1]):
        values = np.unique(g[:, i])
        for v in values:
            match = g[:, i] == v
            e_loc = np.mean(latents[match, :], axis=0)
            diffs = np.abs(latents[match, :] - e_loc)
            cum[:, i] += np.percentile(diffs, q=0.99 * 100, axis=0)
        cum[:, i] /= values.shape[0]
    matrix = 1.0 - cum / max_dev[:, np.newaxis]
    return matrix, max_dev, np.average(matrix.max(axis=1), weights=max_dev)


def irs_reference():
    lat, fac = random60()
    lat32 = np.array(lat, dtype=np.float32).astype(np.float64)
    for bins in (20, 0):
        m, md, s = irs(lat32, fac, bins)
        print(f"random60 as float32, factor bins {bins}:")
        for row in m:
            print("  {" + ", ".join(repr(float(x)) for x in row) + "},")
        print("  max_dev", ", ".join(repr(float(x)) for x in md))
        print("  score", repr(float(s)))


if __name__ == "__main__":
    latent_fixtures()
    irs_reference()
