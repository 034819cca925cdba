#!/usr/bin/env python3
"""Reference fixtures for Candela's unified scores, computed by disentanglement_lib's own code.

The peer: google-research/disentanglement_lib (commit 86a644d4ed35c771560dc3360756363d35477357),
file disentanglement_lib/evaluation/metrics/unified_scores.py, function
``unified_scores(mus_train, ys_train, mus_test, ys_test, matrix_fns)`` with the three matrix
functions the module defines (``importance_gbt_matrix``, ``mutual_information_matrix``,
``accuracy_svm_matrix``; no study config of the repository binds ``unified_scores.matrix_fns``, its
test binds each one) and the discretizer every study config binds
(``discretizer.discretizer_fn = @histogram_discretizer``, ``discretizer.num_bins = 20``). The
precision curve comes from ``visualize/visualize_scores.py`` (``precision``, ``bfs``), which the
module imports. This script imports the peer's modules from a checkout given with ``--peer`` (the
directory that holds the ``disentanglement_lib`` package) and runs ``unified_scores`` unchanged:
only imports it cannot satisfy here are stubbed (``absl.logging``: no-op; ``gin`` / ``gin.tf``: a
``configurable`` decorator that fills in the bindings above; ``tensorflow`` and ``seaborn``, which
the plotting and result-writing modules import for files and plots: empty modules; nothing of the
math). ``artifact_dir`` is None, so no plot is drawn.

The peer's learners are unseeded: ``GradientBoostingClassifier()`` (its random state orders the
features visited at each node, which decides between splits of equal improvement) and
``LinearSVC`` (liblinear's dual solver visits the samples in a random order) draw from numpy's
global random state. The script runs the peer with ``np.random.seed(s)`` for s = 0..SEEDS-1 and
stores every seed's scores, their mean and their range (max - min): the peer's own seed spread.

For each case it writes, under src/test/resources/reference/unified/<case>/,

  train_latents.npy, test_latents.npy   float32 [samples, latents]  (what Candela reads; the peer
                                        gets the same values as float64)
  train_factors.npy, test_factors.npy   int64   [samples, factors]
  expected.json                         per key ``<matrix>.<aggregation>`` the seed values, mean,
                                        min, max; the matrices of seed 0

Cases: two synthetic code sets (each factor in one latent plus noise latents; factors mixed by a
rotation of the latents) and one real model's codes: the committed encoder means of
reference/unsupervised/dsprites-beta-vae (``./candela encode --model models/dsprites-beta-vae`` on a
generated dSprites set, 5,000 rows; see scripts/unsupervised-fixtures.py), its first 1,000 rows
for training and the next 500 for testing.

Run from the repository root with Debian's python3 (numpy 1.24, scipy 1.10, sklearn 1.2.1):

    git --git-dir=<mirror of disentanglement_lib> archive HEAD disentanglement_lib | tar -x -C /tmp/peer-dl
    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 /usr/bin/python3 scripts/unified-fixtures.py --peer /tmp/peer-dl

The test suite never needs Python: UnifiedPeerAgreementTest reads the committed files.
"""
import argparse
import functools
import inspect
import json
import os
import sys
import types

import numpy as np
import scipy
import sklearn

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "src", "test", "resources", "reference", "unified")
REAL = os.path.join(ROOT, "src", "test", "resources", "reference", "unsupervised",
                    "dsprites-beta-vae")
SEEDS = 5
MATRICES = {"importance_gbt_matrix": "gbt", "mutual_information_matrix": "mi",
            "accuracy_svm_matrix": "svm"}
AGGREGATIONS = ["dci_disentanglement", "dci_completeness", "mig", "sap", "modularity",
                "area_precision", "max_precision"]

# --- stubs of the imports only (absl.logging, gin, tensorflow, seaborn) ----------------------------
BINDINGS = {}  # "scope.param" -> value


def _install_stubs():
    absl = types.ModuleType("absl")
    absl.logging = types.SimpleNamespace(info=lambda *a, **k: None)
    sys.modules["absl"] = absl
    sys.modules["absl.logging"] = absl.logging
    gin = types.ModuleType("gin")
    gin.REQUIRED = object()

    def configurable(name=None, blacklist=None, **_):
        def wrap(fn, scope=name if isinstance(name, str) else None):
            scope = scope or fn.__name__
            params = inspect.signature(fn).parameters

            @functools.wraps(fn)
            def bound(*args, **kwargs):
                for p in params:
                    key = scope + "." + p
                    if key in BINDINGS and p not in kwargs:
                        kwargs[p] = BINDINGS[key]
                return fn(*args, **kwargs)
            return bound
        if callable(name):
            return wrap(name, None)
        return wrap
    gin.configurable = configurable
    gin.tf = gin
    sys.modules["gin"] = gin
    sys.modules["gin.tf"] = gin
    tf = types.ModuleType("tensorflow")
    compat = types.ModuleType("tensorflow.compat")
    v1 = types.ModuleType("tensorflow.compat.v1")
    v1.gfile = types.SimpleNamespace()
    tf.compat = compat
    compat.v1 = v1
    sys.modules["tensorflow"] = tf
    sys.modules["tensorflow.compat"] = compat
    sys.modules["tensorflow.compat.v1"] = v1
    sys.modules["tensorflow.compat.v1.gfile"] = v1.gfile
    if "seaborn" not in sys.modules:
        try:
            import seaborn  # noqa: F401
        except ImportError:
            sys.modules["seaborn"] = types.ModuleType("seaborn")


def import_peer(peer):
    _install_stubs()
    import matplotlib
    matplotlib.use("Agg")
    sys.path.insert(0, peer)
    from disentanglement_lib.evaluation.metrics import unified_scores, utils
    BINDINGS["discretizer.discretizer_fn"] = utils._histogram_discretize
    BINDINGS["discretizer.num_bins"] = 20
    return unified_scores


# --- the code sets ----------------------------------------------------------------------------------
def one_latent_per_factor(rng):
    """1,200 rows: 3 factors (4, 3 and 5 values), latent k = factor k + noise, 2 noise latents."""
    n = 1200
    f = np.stack([rng.integers(0, 4, n), rng.integers(0, 3, n), rng.integers(0, 5, n)], axis=1)
    z = np.empty((n, 5))
    for k in range(3):
        z[:, k] = f[:, k] + rng.normal(0, 0.4, n)
    z[:, 3:] = rng.normal(0, 1, (n, 2))
    return z, f, 800


def rotated(rng):
    """1,000 rows: 4 factors, the informative latents rotated (each latent mixes two factors), one
    noise latent, one latent near-collapsed (sd 1e-3)."""
    n = 1000
    f = np.stack([rng.integers(0, 3, n), rng.integers(0, 6, n), rng.integers(0, 2, n),
                  rng.integers(0, 4, n)], axis=1)
    base = f.astype(np.float64) / np.array([2.0, 5.0, 1.0, 3.0]) + rng.normal(0, 0.15, (n, 4))
    c, s = np.cos(0.6), np.sin(0.6)
    z = np.empty((n, 6))
    z[:, 0] = c * base[:, 0] - s * base[:, 1]
    z[:, 1] = s * base[:, 0] + c * base[:, 1]
    z[:, 2] = base[:, 2] + 0.3 * base[:, 3]
    z[:, 3] = base[:, 3]
    z[:, 4] = rng.normal(0, 1, n)
    z[:, 5] = rng.normal(0, 1e-3, n)
    return z, f, 700


def dsprites_beta_vae(rng):
    """The real model's codes; the factors constant on the rows (two of them) are left out,
    as Candela's scoring leaves them out (and the peer's GBT refuses a single class)."""
    z = np.load(os.path.join(REAL, "latents.npy"))[:1500]
    f = np.load(os.path.join(REAL, "factors.npy"))[:1500]
    f = f[:, [k for k in range(f.shape[1]) if len(np.unique(f[:, k])) > 1]]
    return z, f, 1000


def flat(scores, seed_values):
    for name, short in MATRICES.items():
        for agg in AGGREGATIONS:
            seed_values.setdefault(short + "." + agg, []).append(float(scores[name + "." + agg]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--peer", required=True, help="directory holding the disentanglement_lib package")
    ap.add_argument("cases", nargs="*")
    a = ap.parse_args()
    us = import_peer(os.path.abspath(a.peer))
    fns = [us.importance_gbt_matrix, us.mutual_information_matrix, us.accuracy_svm_matrix]
    cases = [("one-latent-per-factor", one_latent_per_factor), ("rotated", rotated),
             ("dsprites-beta-vae", dsprites_beta_vae)]
    for seed, (name, make) in enumerate(cases):
        if a.cases and name not in a.cases:
            continue
        z, f, cut = make(np.random.default_rng(40 + seed))
        z32 = z.astype(np.float32)
        f = f.astype(np.int64)
        out = os.path.join(OUT, name)
        os.makedirs(out, exist_ok=True)
        np.save(os.path.join(out, "train_latents.npy"), z32[:cut])
        np.save(os.path.join(out, "test_latents.npy"), z32[cut:])
        np.save(os.path.join(out, "train_factors.npy"), f[:cut])
        np.save(os.path.join(out, "test_factors.npy"), f[cut:])
        x = z32.astype(np.float64).T
        y = f.T
        values = {}
        matrices = {}
        for s in range(SEEDS):
            np.random.seed(s)
            flat(us.unified_scores(x[:, :cut], y[:, :cut], x[:, cut:], y[:, cut:], fns), values)
            print(name, "seed", s, "done", flush=True)
            if s == 0:
                np.random.seed(0)
                for fn in fns:
                    m = fn(x[:, :cut], y[:, :cut], x[:, cut:], y[:, cut:])
                    matrices[MATRICES[fn.__name__]] = m.tolist()
        expected = {
            "peer": "disentanglement_lib 86a644d evaluation/metrics/unified_scores.py unified_scores",
            "versions": {"numpy": np.__version__, "scipy": scipy.__version__,
                         "sklearn": sklearn.__version__},
            "trainSamples": int(cut), "testSamples": int(z.shape[0] - cut),
            "latents": int(z.shape[1]), "factors": int(f.shape[1]), "seeds": SEEDS,
            "scores": {k: {"values": v, "mean": float(np.mean(v)), "min": float(np.min(v)),
                           "max": float(np.max(v)), "range": float(np.max(v) - np.min(v))}
                       for k, v in values.items()},
            "matricesSeed0": matrices,
        }
        with open(os.path.join(out, "expected.json"), "w") as h:
            json.dump(expected, h, indent=1)
            h.write("\n")
        print(name, {k: (round(v["mean"], 6), v["range"]) for k, v in expected["scores"].items()})


if __name__ == "__main__":
    main()
