#!/usr/bin/env python3
"""Reference fixtures for Candela's FoS / randFoS, computed by the authors' own code.

FoS and randFoS: the peer is facebookresearch/disentangling-correlated-factors (Roth et al. 2023,
"Disentanglement of correlated factors via Hausdorff factorized support"), files
``dent/metrics/fos.py`` (class ``FoS``) and ``dent/metrics/rand_fos.py`` (class ``randFoS``).
This script imports those two modules from a checkout of the peer given with ``--peer`` (only
``dent/metrics/`` is needed); nothing of the peer is copied here. The peer's package imports
``fastargs`` and ``tqdm``, which Debian does not ship: the script installs two stand-ins before
the import, ``fastargs.decorators.param`` as a decorator that changes nothing (the script passes
every parameter explicitly) and an empty ``tqdm``. ``dent/metrics/__init__.py`` (which imports all
metrics) is bypassed by registering the package ``dent.metrics`` with its folder as the path.

The peer's code is run on float64 tensors of the (float32) latents, so that the fixture holds the
peer's arithmetic without float32 rounding: Candela computes in double from the same float32
values, and the deterministic ``fos`` must agree within 1e-9. ``rand_fos`` draws its batches with
numpy's global random state: the script runs it with ``np.random.seed(s)`` for s = 0..SEEDS-1 and
stores every value, their mean and their standard deviation (the peer's own seed spread).

For each case it writes, under src/test/resources/reference/fos-dcies/<case>/,

  latents.npy     float32 [samples, latents]  (the rows in the order the peer's fos takes them)
  expected.json   the peer's fos (identity order, its batch size) and its rand_fos seed values

Cases: two synthetic code sets (independent uniform latents: support nearly factorized; and
latents with a ring-shaped and a linearly correlated pair: support far from factorized) and one
real model's codes (the 1000 training latents of reference/dl-compare, encoder means of a trained
VAE on dSprites-like data).

Run from the repository root with Debian's python3 (numpy 1.24, torch 1.13 CPU):

    git --git-dir=<mirror of the peer> archive HEAD dent/metrics | (mkdir -p /tmp/peer && tar x -C /tmp/peer)
    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 nice -n 19 /usr/bin/python3 scripts/fos-dcies-fixtures.py --peer /tmp/peer

The test suite never needs Python: FosPeerAgreementTest reads the committed files.
"""
import argparse
import csv
import importlib
import json
import os
import sys
import types

import numpy as np
import torch

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "src", "test", "resources", "reference", "fos-dcies")
DL_COMPARE = os.path.join(ROOT, "src", "test", "resources", "reference", "dl-compare")
SEEDS = 20


def import_peer(peer):
    """The peer's FoS and randFoS classes, imported from its checkout."""
    fastargs = types.ModuleType("fastargs")
    decorators = types.ModuleType("fastargs.decorators")
    decorators.param = lambda *a, **k: (lambda f: f)
    fastargs.decorators = decorators
    sys.modules.setdefault("fastargs", fastargs)
    sys.modules.setdefault("fastargs.decorators", decorators)
    tqdm = types.ModuleType("tqdm")
    tqdm.trange = range
    tqdm.tqdm = lambda x, **k: x
    sys.modules.setdefault("tqdm", tqdm)
    dent = types.ModuleType("dent")
    dent.__path__ = [os.path.join(peer, "dent")]
    metrics = types.ModuleType("dent.metrics")
    metrics.__path__ = [os.path.join(peer, "dent", "metrics")]
    sys.modules["dent"] = dent
    sys.modules["dent.metrics"] = metrics
    fos = importlib.import_module("dent.metrics.fos")
    rand_fos = importlib.import_module("dent.metrics.rand_fos")
    return fos.FoS, rand_fos.randFoS


def stats(z):
    """The peer's stats_qzx input: [N, D, 2] (mean, log-variance), float64."""
    t = torch.from_numpy(z.astype(np.float64))
    return torch.stack([t, torch.zeros_like(t)], dim=-1)


def case_independent():
    rng = np.random.default_rng(40)
    return rng.uniform(-1, 1, size=(600, 4)).astype(np.float32), 128


def case_correlated():
    rng = np.random.default_rng(41)
    n = 400
    angle = rng.uniform(0, 2 * np.pi, n)
    z = np.empty((n, 5))
    z[:, 0] = np.cos(angle) + 0.05 * rng.normal(size=n)
    z[:, 1] = np.sin(angle) + 0.05 * rng.normal(size=n)
    z[:, 2] = 0.8 * z[:, 0] + 0.1 * rng.normal(size=n)
    z[:, 3] = rng.normal(size=n)
    z[:, 4] = rng.uniform(-2, 2, n)
    return z.astype(np.float32), 100


def case_dl_compare():
    with open(os.path.join(DL_COMPARE, "train_latents.csv")) as f:
        rows = list(csv.reader(f))[1:]
    return np.array(rows, dtype=np.float32), 128


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--peer", required=True, help="checkout of disentangling-correlated-factors")
    args = ap.parse_args()
    FoS, randFoS = import_peer(os.path.abspath(args.peer))
    cases = {
        "independent-uniform": case_independent,
        "correlated-ring": case_correlated,
        "dl-compare": case_dl_compare,
    }
    for name, make in cases.items():
        z, batch = make()
        out = os.path.join(OUT, name)
        os.makedirs(out, exist_ok=True)
        np.save(os.path.join(out, "latents.npy"), z)
        s = stats(z)
        np.random.seed(0)
        fos = float(FoS(num_pairs=-1, batch_size=batch, device="cpu")(s)["fos"])
        rand = []
        for seed in range(SEEDS):
            np.random.seed(seed)
            rand.append(float(randFoS(num_pairs=-1, batch_size=batch, device="cpu")(s)["fos"]))
        expected = {
            "peer": "facebookresearch/disentangling-correlated-factors dent/metrics/fos.py FoS, "
            "dent/metrics/rand_fos.py randFoS (num_pairs=-1), float64",
            "numpy": np.__version__,
            "torch": torch.__version__,
            "batchSize": batch,
            "samples": int(z.shape[0]),
            "latents": int(z.shape[1]),
            "fos": fos,
            "randFosSeeds": rand,
            "randFosMean": float(np.mean(rand)),
            "randFosSd": float(np.std(rand, ddof=1)),
        }
        with open(os.path.join(out, "expected.json"), "w") as f:
            json.dump(expected, f, indent=2)
            f.write("\n")
        print(name, "fos", fos, "rand_fos", expected["randFosMean"], "+-", expected["randFosSd"])


if __name__ == "__main__":
    main()
