#!/usr/bin/env python3
"""Reference fixtures for Candela's sklearn-equivalent DCI learner (Dci learner SKLEARN_GBT).

For each case below this script writes, under
src/test/resources/reference/dci-sklearn/<case>/,

  train_latents.npy, test_latents.npy   float32 [samples, latents]
  train_factors.npy, test_factors.npy   int64   [samples, factors]
  expected.json                         sklearn's importance matrix, D, C, I, accuracies

computed exactly as disentanglement_lib's dci.py does: per factor
``ensemble.GradientBoostingClassifier()`` with its default parameters, importance column =
``np.abs(model.feature_importances_)``, informativeness = mean test accuracy, D and C from
disentanglement_lib's ``disentanglement`` / ``completeness`` (entropy of importance + 1e-11).

The only change from the reference is ``random_state=0`` (disentanglement_lib leaves it unseeded):
with ``max_features=None`` the random state only orders the features visited at each node, which
decides between splits of exactly equal improvement. ``tieSensitivity`` in expected.json is the
largest importance difference between random_state=0 and random_state=1 (0 when no tie occurred;
computed for the small cases only).

Run with Debian's python3-sklearn (1.2.1) from the repository root:

    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 nice -n 19 /usr/bin/python3 scripts/dci-sklearn-fixtures.py

The test suite never needs Python: DciSklearnAgreementTest reads the committed files.
"""
import json
import os
import sys
import time

import numpy as np
import scipy.stats
import sklearn
from sklearn import ensemble

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "src", "test", "resources", "reference", "dci-sklearn")
DL_COMPARE = os.path.join(ROOT, "src", "test", "resources", "reference", "dl-compare")


# --- disentanglement_lib dci.py, verbatim semantics ---------------------------------------------
def compute_importance_gbt(x_train, y_train, x_test, y_test, random_state):
    """x: [latents, samples], y: [factors, samples] as disentanglement_lib passes them."""
    num_factors = y_train.shape[0]
    num_codes = x_train.shape[0]
    importance_matrix = np.zeros(shape=[num_codes, num_factors], dtype=np.float64)
    train_acc, test_acc = [], []
    for i in range(num_factors):
        model = ensemble.GradientBoostingClassifier(random_state=random_state)
        model.fit(x_train.T, y_train[i, :])
        importance_matrix[:, i] = np.abs(model.feature_importances_)
        train_acc.append(float(np.mean(model.predict(x_train.T) == y_train[i, :])))
        test_acc.append(float(np.mean(model.predict(x_test.T) == y_test[i, :])))
    return importance_matrix, train_acc, test_acc


def disentanglement_per_code(importance_matrix):
    return 1.0 - scipy.stats.entropy(importance_matrix.T + 1e-11, base=importance_matrix.shape[1])


def weighted_by_importance(scores, importance_matrix, axis):
    """The reference's weighting: scores weighted by their share of the importance along axis
    (uniform weights when every importance is zero)."""
    if importance_matrix.sum() == 0.0:
        importance_matrix = np.ones_like(importance_matrix)
    weights = importance_matrix.sum(axis=axis) / importance_matrix.sum()
    return np.sum(scores * weights)


def disentanglement(importance_matrix):
    return weighted_by_importance(disentanglement_per_code(importance_matrix), importance_matrix, 1)


def completeness_per_factor(importance_matrix):
    return 1.0 - scipy.stats.entropy(importance_matrix + 1e-11, base=importance_matrix.shape[0])


def completeness(importance_matrix):
    return weighted_by_importance(completeness_per_factor(importance_matrix), importance_matrix, 0)


# --- synthetic cases: latents [samples, latents] float32, factors [samples, factors] int64 -------
def binary_small(rng):
    def make(n):
        f0 = rng.integers(0, 2, n)
        f1 = (rng.random(n) < 0.2).astype(np.int64)
        z = np.empty((n, 4))
        z[:, 0] = f0 + rng.normal(0, 0.5, n)
        z[:, 1] = 0.8 * f1 + 0.3 * z[:, 0] + rng.normal(0, 0.4, n)
        z[:, 2:] = rng.normal(0, 1, (n, 2))
        return z, np.stack([f0, f1], axis=1)

    return make(300), make(200)


def multiclass_imbalanced(rng):
    codes = np.array([0, 2, 5, 7])  # non-contiguous codes, unbalanced classes

    def make(n):
        a = rng.choice(4, n, p=[0.5, 0.3, 0.15, 0.05])
        b = rng.integers(0, 3, n)
        z = np.empty((n, 5))
        z[:, 0] = a + rng.normal(0, 0.6, n)
        z[:, 1] = b + 0.5 * a + rng.normal(0, 0.5, n)
        z[:, 2] = np.sin(b * 2.0) + rng.normal(0, 0.7, n)
        z[:, 3:] = rng.normal(0, 1, (n, 2)) * np.array([1.0, 0.05])
        return z, np.stack([codes[a], b], axis=1)

    return make(800), make(400)


def ties_and_thresholds(rng):
    def make(n):
        a = rng.integers(0, 3, n)
        b = rng.integers(0, 4, n)
        z = np.empty((n, 5))
        z[:, 0] = np.round(a + rng.normal(0, 0.7, n), 1)  # many equal values
        z[:, 1] = 0.25  # constant latent
        z[:, 2] = np.floor(4 * rng.random(n)) + 0.5 * b  # 8 levels, heavy ties
        # values 0.01 * level plus jitter below sklearn's FEATURE_THRESHOLD (1e-7)
        z[:, 3] = 0.01 * b + rng.random(n) * 5e-8
        z[:, 4] = rng.normal(0, 1, n)
        return z, np.stack([a, b], axis=1)

    return make(500), make(250)


def many_classes(rng):
    def make(n):
        a = rng.integers(0, 12, n)
        b = rng.integers(0, 2, n)
        z = np.empty((n, 6))
        z[:, 0] = a / 11.0 + rng.normal(0, 0.04, n)
        z[:, 1] = np.cos(a * 0.5) + rng.normal(0, 0.2, n)
        z[:, 2] = b + 0.2 * a / 11.0 + rng.normal(0, 0.3, n)
        z[:, 3:] = rng.normal(0, 1, (n, 3))
        return z, np.stack([a, b], axis=1)

    return make(2000), make(1000)


def dl_compare(_rng):
    """The rows of src/test/resources/reference/dl-compare (written there by compare.py)."""

    def read(name):
        f = np.loadtxt(os.path.join(DL_COMPARE, name + "_factors.csv"), delimiter=",", skiprows=1)
        z = np.loadtxt(os.path.join(DL_COMPARE, name + "_latents.csv"), delimiter=",", skiprows=1)
        return z, f.astype(np.int64)

    return read("train"), read("test")


DSPRITES_SIZES = [3, 6, 40, 32, 32]  # shape, scale, orientation, posX, posY


def reference_dsprites(rng):
    """disentanglement_lib's reference sizes: 10000 train, 5000 test, 10 latents, dSprites-like
    factors (codes drawn uniformly), a beta-VAE-like code: positions and scale captured, shape and
    orientation entangled, some latents inactive (posterior collapse: near-constant noise)."""

    def make(n):
        f = np.stack([rng.integers(0, k, n) for k in DSPRITES_SIZES], axis=1)
        shape, scale, ori, x, y = (f[:, i] for i in range(5))
        angle = 2 * np.pi * ori / 40.0
        z = np.empty((n, 10))
        z[:, 0] = x / 31.0 * 2 - 1 + rng.normal(0, 0.08, n)
        z[:, 1] = y / 31.0 * 2 - 1 + 0.1 * z[:, 0] + rng.normal(0, 0.08, n)
        z[:, 2] = scale / 5.0 + rng.normal(0, 0.15, n)
        z[:, 3] = (shape + 1) / 3.0 * np.cos(angle) + rng.normal(0, 0.2, n)
        z[:, 4] = (shape + 1) / 3.0 * np.sin(angle) + rng.normal(0, 0.2, n)
        z[:, 5] = 0.5 * shape + 0.2 * scale / 5.0 + rng.normal(0, 0.4, n)
        z[:, 6] = rng.normal(0, 1, n)
        z[:, 7:] = rng.normal(0, 0.02, (n, 3))
        return z, f

    return make(10000), make(5000)


CASES = [
    ("binary-small", binary_small, True),
    ("multiclass-imbalanced", multiclass_imbalanced, True),
    ("ties-and-thresholds", ties_and_thresholds, True),
    ("many-classes", many_classes, True),
    ("dl-compare", dl_compare, True),
    ("reference-dsprites", reference_dsprites, False),
]


def main():
    only = set(sys.argv[1:])
    for seed, (name, make, tie_check) in enumerate(CASES):
        if only and name not in only:
            continue
        rng = np.random.default_rng(1000 + seed)
        (z_tr, f_tr), (z_te, f_te) = make(rng)
        z_tr = z_tr.astype(np.float32)  # sklearn's trees work on float32 anyway
        z_te = z_te.astype(np.float32)
        d = os.path.join(OUT, name)
        os.makedirs(d, exist_ok=True)
        np.save(os.path.join(d, "train_latents.npy"), z_tr)
        np.save(os.path.join(d, "test_latents.npy"), z_te)
        np.save(os.path.join(d, "train_factors.npy"), f_tr.astype(np.int64))
        np.save(os.path.join(d, "test_factors.npy"), f_te.astype(np.int64))
        start = time.perf_counter()
        R, tr_acc, te_acc = compute_importance_gbt(z_tr.T, f_tr.T, z_te.T, f_te.T, 0)
        seconds = time.perf_counter() - start
        out = {
            "case": name,
            "sklearn": sklearn.__version__,
            "numpy": np.__version__,
            "learner": "GradientBoostingClassifier() defaults, random_state=0",
            "trainSamples": int(z_tr.shape[0]),
            "testSamples": int(z_te.shape[0]),
            "latents": int(z_tr.shape[1]),
            "classesPerFactor": [int(len(np.unique(f_tr[:, k]))) for k in range(f_tr.shape[1])],
            "disentanglement": float(disentanglement(R)),
            "completeness": float(completeness(R)),
            "informativeness": float(np.mean(te_acc)),
            "trainAccuracy": tr_acc,
            "testAccuracy": te_acc,
            "importance": R.tolist(),
            "sklearnSeconds": round(seconds, 2),
        }
        if tie_check:
            R1, _, _ = compute_importance_gbt(z_tr.T, f_tr.T, z_te.T, f_te.T, 1)
            out["tieSensitivity"] = float(np.max(np.abs(R1 - R)))
        with open(os.path.join(d, "expected.json"), "w") as h:
            json.dump(out, h, indent=2)
            h.write("\n")
        print(
            "%-22s D %.6f C %.6f I %.6f  sklearn %.1f s  ties %s"
            % (
                name,
                out["disentanglement"],
                out["completeness"],
                out["informativeness"],
                seconds,
                out.get("tieSensitivity", "-"),
            ),
            flush=True,
        )


if __name__ == "__main__":
    main()
