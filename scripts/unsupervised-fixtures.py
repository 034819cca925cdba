#!/usr/bin/env python3
"""Reference fixtures for Candela's unsupervised scores (gaussian_tc, gaussian_wc,
gaussian_wc_norm, latent_mi), computed by disentanglement_lib's own code.

The peer: google-research/disentanglement_lib (commit 86a644d4ed35c771560dc3360756363d35477357),
file disentanglement_lib/evaluation/metrics/unsupervised_metrics.py, function
``unsupervised_metrics(ground_truth_data, representation_function, random_state, num_train,
batch_size)`` with the study's gin bindings (config/unsupervised_study_v1/metric_configs/
unsupervised.gin: ``discretizer.discretizer_fn = @histogram_discretizer``,
``discretizer.num_bins = 20``). This script imports the peer's module from a checkout given with
``--peer`` (the directory that holds the ``disentanglement_lib`` package) and runs it unchanged:
only the imports it cannot satisfy here are stubbed (``absl.logging``: no-op; ``gin`` /
``gin.tf``: a ``configurable`` decorator that fills in the bindings above; nothing of the math).
The peer's ``unsupervised_metrics`` samples its ``num_train`` points through
``utils.generate_batch_factor_code``; here the ground-truth "dataset" hands out the code table's
rows in order and the representation function returns the latents as float64, so the peer scores
exactly the N rows Candela scores (num_train = N).

For each case it writes, under src/test/resources/reference/unsupervised/<case>/,

  latents.npy   float32 [samples, latents]  (the values both sides read)
  factors.npy   int64   [samples, factors]
  expected.json the peer's four scores; ``gaussian_wasserstein_correlation_imag``, the imaginary
                part the peer's complex ``scipy.linalg.sqrtm`` left (Candela reports the real
                part); ``float32``: the same scores when the representation function returns
                float32 (as a TensorFlow encoder does: numpy then cuts the histogram edges in
                float32), for the record; ``exact``: TC, WC and WC/tr Σ of the same float32
                values computed with mpmath at 40 digits (covariance, correlation determinant,
                symmetric eigenvalues): the true values the peer and Candela both approximate

Get the peer and run from the repository root (Debian's numpy 1.24, scipy 1.10, sklearn 1.2.1):

    git --git-dir=<mirror of disentanglement_lib> archive HEAD disentanglement_lib | tar -x -C /tmp/peer-dl
    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 /usr/bin/python3 scripts/unsupervised-fixtures.py \\
        --peer /tmp/peer-dl --encoded /tmp/unsup/enc

``--encoded`` is the output folder of ``./candela encode --model models/dsprites-beta-vae
--dataset <dsprites.npz from ./candela dataset generate dsprites> --samples 5000 --seed 0
--device cpu`` (latents.csv, factors.csv): the real model's codes. The test suite never needs
Python: UnsupervisedPeerAgreementTest reads the committed files.
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
OUT = os.path.join(ROOT, "src", "test", "resources", "reference", "unsupervised")
DL_COMPARE = os.path.join(ROOT, "src", "test", "resources", "reference", "dl-compare")

# --- stubs of the imports only (absl.logging, gin): the peer's math runs unchanged ----------------
BINDINGS = {}  # "scope.param" -> value, filled after the peer is imported (unsupervised.gin)


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


def import_peer(peer):
    _install_stubs()
    sys.path.insert(0, peer)
    from disentanglement_lib.evaluation.metrics import unsupervised_metrics, utils

    # config/unsupervised_study_v1/metric_configs/unsupervised.gin
    BINDINGS["discretizer.discretizer_fn"] = utils._histogram_discretize
    BINDINGS["discretizer.num_bins"] = 20
    return unsupervised_metrics, utils


class RowsInOrder:
    """A ground-truth "dataset" that hands out the code table's rows in order (sample() returns the
    factors and, as observations, the row indices)."""

    def __init__(self, factors):
        self.factors = factors
        self.next = 0

    def sample(self, num, random_state):
        idx = np.arange(self.next, self.next + num)
        self.next += num
        return self.factors[idx], idx


def peer_scores(um, latents, factors, dtype):
    data = RowsInOrder(factors)
    rep = lambda idx: latents[idx].astype(dtype)
    s = um.unsupervised_metrics(data, rep, np.random.RandomState(0), num_train=latents.shape[0],
                                batch_size=16)
    wc = complex(s["gaussian_wasserstein_correlation"])
    norm = complex(s["gaussian_wasserstein_correlation_norm"])
    return {
        "gaussian_total_correlation": float(np.real(s["gaussian_total_correlation"])),
        "gaussian_wasserstein_correlation": wc.real,
        "gaussian_wasserstein_correlation_imag": wc.imag,
        "gaussian_wasserstein_correlation_norm": norm.real,
        "mutual_info_score": float(s["mutual_info_score"]),
    }


def exact_scores(z32):
    """TC, WC and WC / tr Σ of the rows at 40 digits (mpmath): Candela's own reference, not the
    peer's; it shows which side of a difference rounding is on."""
    import mpmath as mp

    mp.mp.dps = 40
    n, d = z32.shape
    cols = [[mp.mpf(float(v)) for v in z32[:, j]] for j in range(d)]
    mean = [mp.fsum(c) / n for c in cols]
    cen = [[v - mean[j] for v in cols[j]] for j in range(d)]
    c = mp.matrix(d, d)
    for a in range(d):
        for b in range(a, d):
            c[a, b] = mp.fdot(cen[a], cen[b]) / (n - 1)
            c[b, a] = c[a, b]
    s = [mp.sqrt(c[j, j]) for j in range(d)]
    m = mp.matrix(d, d)
    r = mp.matrix(d, d)
    for a in range(d):
        for b in range(d):
            m[a, b] = s[a] * c[a, b] * s[b]
            r[a, b] = c[a, b] / (s[a] * s[b])
    tr = mp.fsum(c[j, j] for j in range(d))
    wc = 2 * tr - 2 * mp.fsum(mp.sqrt(max(e, 0)) for e in mp.eigsy(m, eigvals_only=True))
    return {"gaussian_total_correlation": float(-mp.log(mp.det(r)) / 2),
            "gaussian_wasserstein_correlation": float(wc),
            "gaussian_wasserstein_correlation_norm": float(wc / tr)}


# --- the code sets ---------------------------------------------------------------------------------
def correlated_gaussian(rng):
    """2,000 rows of 6 Gaussian latents with an AR(1)-like covariance and unequal scales; factors:
    the first three latents cut into quartiles."""
    d = 6
    sd = np.array([1.0, 2.0, 0.5, 3.0, 1.0, 0.1])
    corr = np.array([[0.6 ** abs(i - j) for j in range(d)] for i in range(d)])
    cov = corr * np.outer(sd, sd)
    z = rng.multivariate_normal(np.zeros(d), cov, size=2000)
    f = np.stack([np.digitize(z[:, k], np.quantile(z[:, k], [0.25, 0.5, 0.75])) for k in range(3)],
                 axis=1)
    return z, f


def collapsed_and_ties(rng):
    """3,000 rows, 8 latents: two informative, one a near-copy of another (corr ~ 0.999), two
    collapsed (sd 1e-3 and 1e-4), one on a coarse lattice (many ties on bin edges), two noise."""
    n = 3000
    f = np.stack([rng.integers(0, 5, n), rng.integers(0, 3, n)], axis=1)
    z = np.empty((n, 8))
    z[:, 0] = f[:, 0] + rng.normal(0, 0.3, n)
    z[:, 1] = f[:, 1] * 0.7 + 0.2 * z[:, 0] + rng.normal(0, 0.3, n)
    z[:, 2] = z[:, 0] + rng.normal(0, 0.02, n)
    z[:, 3] = rng.normal(0, 1e-3, n)
    z[:, 4] = rng.normal(0, 1e-4, n)
    z[:, 5] = np.round(rng.normal(0, 1, n) * 4) / 4
    z[:, 6:] = rng.normal(0, 1, (n, 2))
    return z, f


def dl_compare(rng):
    """The train rows of reference/dl-compare (1,000 × 6; also used for DCI and explicitness)."""
    f = np.loadtxt(os.path.join(DL_COMPARE, "train_factors.csv"), delimiter=",", skiprows=1)
    z = np.loadtxt(os.path.join(DL_COMPARE, "train_latents.csv"), delimiter=",", skiprows=1)
    return z, f.astype(np.int64)


def encoded(folder):
    def make(rng):
        z = np.loadtxt(os.path.join(folder, "latents.csv"), delimiter=",", skiprows=1)
        f = np.loadtxt(os.path.join(folder, "factors.csv"), delimiter=",", skiprows=1)
        return z, f.astype(np.int64)

    return make


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--peer", required=True, help="directory holding the disentanglement_lib package")
    ap.add_argument("--encoded", required=True, help="./candela encode output of dsprites-beta-vae")
    ap.add_argument("cases", nargs="*")
    a = ap.parse_args()
    um, _ = import_peer(a.peer)
    cases = [
        ("correlated-gaussian", correlated_gaussian),
        ("collapsed-and-ties", collapsed_and_ties),
        ("dl-compare", dl_compare),
        ("dsprites-beta-vae", encoded(a.encoded)),
    ]
    for seed, (name, make) in enumerate(cases):
        if a.cases and name not in a.cases:
            continue
        z, f = make(np.random.default_rng(seed))
        z32 = z.astype(np.float32)  # what Candela reads; the peer scores the same values
        out = os.path.join(OUT, name)
        os.makedirs(out, exist_ok=True)
        np.save(os.path.join(out, "latents.npy"), z32)
        np.save(os.path.join(out, "factors.npy"), f.astype(np.int64))
        expected = peer_scores(um, z32, f, np.float64)
        expected["float32"] = peer_scores(um, z32, f, np.float32)
        expected["exact"] = exact_scores(z32)
        expected["samples"], expected["latents"] = int(z.shape[0]), int(z.shape[1])
        expected["peer"] = "disentanglement_lib 86a644d evaluation/metrics/unsupervised_metrics.py"
        expected["versions"] = {"numpy": np.__version__, "scipy": scipy.__version__,
                                "sklearn": sklearn.__version__}
        with open(os.path.join(out, "expected.json"), "w") as h:
            json.dump(expected, h, indent=2, sort_keys=True)
            h.write("\n")
        print(name, json.dumps({k: v for k, v in expected.items() if k not in ("float32", "versions")}))


if __name__ == "__main__":
    main()
