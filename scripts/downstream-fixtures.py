#!/usr/bin/env python3
"""Reference fixtures for Candela's downstream-task accuracy (``--metrics downstream``), computed by
disentanglement_lib's own code.

The peer: google-research/disentanglement_lib (commit 86a644d4ed35c771560dc3360756363d35477357),
file disentanglement_lib/evaluation/metrics/downstream_task.py, function
``_compute_loss(x_train, y_train, x_test, y_test, predictor_fn)`` (what ``compute_downstream_task``
calls per training size) with the study's predictor
(config/unsupervised_study_v1/metric_configs/downstream_task_logistic_regression.gin:
``predictor.predictor_fn = @logistic_regression_cv``, i.e. ``utils.logistic_regression_cv``:
``LogisticRegressionCV(Cs=10, cv=KFold(n_splits=5))``). This script imports the peer's modules
from a checkout given with ``--peer`` (the directory that holds the ``disentanglement_lib``
package) and runs them unchanged: only ``gin`` / ``gin.tf`` is stubbed (a ``configurable``
decorator that passes the call through; nothing of the math).

``compute_downstream_task`` draws its own training and test points from a ground-truth dataset;
here the script draws the rows itself (a numpy permutation per training size: the first n rows
train, the next m test) and hands the same rows to the peer's ``_compute_loss`` and, through the
fixture, to Candela's ``Downstream.onRows``.

For each case it writes, under src/test/resources/reference/downstream/<case>/,

  latents.npy     float32 [samples, latents]  (the values both sides read; the peer gets float64
                  copies of the same values, as sklearn converts them)
  factors.npy     int64   [samples, factors]  (factors with two or more values only)
  rows-<n>.npy    int64   the n training rows then the m test rows of training size n
  expected.json   per size: the peer's per-factor train and test accuracies, its chosen C per
                  factor (LogisticRegressionCV.C_, from a second identical fit), and ``converged``:
                  the same with tol = 1e-10 and max_iter = 10,000 (the optimum the default
                  tol = 1e-4 / max_iter = 100 fit approaches: the peer's own spread); or
                  ``peer_error`` when sklearn 1.2.1 fails (a multinomial fold whose training part
                  lacks a class: its coefficient paths cannot be stacked); and ``gbt``: the
                  study's second predictor (downstream_task_boosted_trees.gin:
                  ``utils.gradient_boosting_classifier``, ``GradientBoostingClassifier()``) with
                  its ``random_state`` fixed to each of gbt_seeds(n) (the peer leaves it None), one
                  run per seed (the peer's own seed spread), or ``error`` where sklearn refuses
                  (a factor with one value among the training rows)

Run from the repository root (Debian's numpy 1.24, scipy 1.10, sklearn 1.2.1):

    git --git-dir=<mirror of disentanglement_lib> archive HEAD disentanglement_lib | tar -x -C /tmp/peer-dl
    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 /usr/bin/python3 scripts/downstream-fixtures.py --peer /tmp/peer-dl

The real model's codes are those of reference/unsupervised/dsprites-beta-vae (``./candela encode
--model models/dsprites-beta-vae`` of 5,000 generated dSprites, seed 0; see
unsupervised-fixtures.py). The test suite never needs Python: DownstreamPeerAgreementTest reads
the committed files.
"""
import argparse
import json
import os
import sys
import types
import warnings

import numpy as np
import scipy
import sklearn
from sklearn import ensemble, linear_model, model_selection

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REF = os.path.join(ROOT, "src", "test", "resources", "reference")
OUT = os.path.join(REF, "downstream")


def _install_stubs():
    gin = types.ModuleType("gin")
    gin.REQUIRED = object()

    def configurable(name=None, blacklist=None, **_):
        if callable(name):
            return name
        return lambda fn: fn

    gin.configurable = configurable
    gin.tf = gin
    sys.modules["gin"] = gin
    sys.modules["gin.tf"] = gin


def import_peer(peer):
    _install_stubs()
    sys.path.insert(0, peer)
    from disentanglement_lib.evaluation.metrics import downstream_task, utils

    return downstream_task, utils


def gaussian_clusters(rng):
    """3,000 rows of 4 latents: a 3-valued factor shifting z0 and z1, a binary one shifting z2,
    a 5-valued one read off a noisy z3, plus noise."""
    n = 3000
    f0 = rng.integers(0, 3, n)
    f1 = rng.integers(0, 2, n)
    f2 = rng.integers(0, 5, n)
    z = rng.normal(size=(n, 4))
    z[:, 0] += 1.5 * f0
    z[:, 1] += 0.8 * (f0 == 1) - 0.5 * f1
    z[:, 2] += 1.2 * f1
    z[:, 3] = 0.7 * f2 + 0.5 * z[:, 3]
    return z, np.stack([f0, f1, f2], axis=1)


def dl_compare(rng):
    """The train rows of reference/dl-compare (1,000 × 6; also used for DCI and explicitness)."""
    f = np.loadtxt(os.path.join(REF, "dl-compare", "train_factors.csv"), delimiter=",", skiprows=1)
    z = np.loadtxt(os.path.join(REF, "dl-compare", "train_latents.csv"), delimiter=",", skiprows=1)
    return z, f.astype(np.int64)


def dsprites(rng):
    """The real model's codes: reference/unsupervised/dsprites-beta-vae (5,000 × 10)."""
    d = os.path.join(REF, "unsupervised", "dsprites-beta-vae")
    return np.load(os.path.join(d, "latents.npy")), np.load(os.path.join(d, "factors.npy"))


def peer_run(dt, predictor, x_train, y_train, x_test, y_test):
    """The peer's _compute_loss (inputs as compute_downstream_task hands them: x [n, D], y [F, n]) and the
    chosen C per factor from identical fits."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        train, test = dt._compute_loss(x_train, y_train.T, x_test, y_test.T, predictor)
        cs = []
        for i in range(y_train.shape[1]):
            m = predictor()
            m.fit(x_train, y_train[:, i])
            cs.append(float(m.C_[0]))
    return {"train": [float(v) for v in train], "test": [float(v) for v in test], "C": cs}


def gbt_seeds(n):
    """The random_states run at n training rows: 20 where near-ties between splits (residuals
    fitted to rounding after the rows are learnt) spread the accuracies widely, 3 at 1000 rows."""
    return list(range(20 if n <= 100 else 3))


def gbt_runs(dt, x_train, y_train, x_test, y_test):
    """The peer's _compute_loss with GradientBoostingClassifier(random_state=s), s in gbt_seeds."""
    runs = []
    for s in gbt_seeds(len(x_train)):
        try:
            train, test = dt._compute_loss(
                x_train, y_train.T, x_test, y_test.T,
                lambda: ensemble.GradientBoostingClassifier(random_state=s))
            runs.append({"seed": s, "train": [float(v) for v in train],
                         "test": [float(v) for v in test]})
        except Exception as e:  # sklearn's own refusal, recorded
            return {"error": "%s: %s" % (type(e).__name__, str(e)[:200])}
    return {"runs": runs}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--peer", required=True, help="directory holding the disentanglement_lib package")
    ap.add_argument("cases", nargs="*")
    a = ap.parse_args()
    dt, utils = import_peer(a.peer)

    def converged():
        return linear_model.LogisticRegressionCV(
            Cs=10, cv=model_selection.KFold(n_splits=5), tol=1e-10, max_iter=10000)

    cases = [
        ("gaussian-clusters", gaussian_clusters, [10, 100, 1000], 1000),
        ("dl-compare", dl_compare, [10, 100], 500),
        ("dsprites-beta-vae", dsprites, [10, 100, 1000], 1000),
    ]
    for seed, (name, make, sizes, num_test) in enumerate(cases):
        if a.cases and name not in a.cases:
            continue
        rng = np.random.default_rng(seed)
        z, f = make(rng)
        keep = [k for k in range(f.shape[1]) if len(np.unique(f[:, k])) > 1]
        f = f[:, keep].astype(np.int64)
        z32 = z.astype(np.float32)
        x = z32.astype(np.float64)
        out = os.path.join(OUT, name)
        os.makedirs(out, exist_ok=True)
        np.save(os.path.join(out, "latents.npy"), z32)
        np.save(os.path.join(out, "factors.npy"), f)
        expected = {"samples": int(z.shape[0]), "latents": int(z.shape[1]),
                    "factors": int(f.shape[1]), "sizes": {}, "numTest": num_test}
        for n in sizes:
            rows = rng.permutation(z.shape[0])[: n + num_test].astype(np.int64)
            np.save(os.path.join(out, "rows-%d.npy" % n), rows)
            tr, te = rows[:n], rows[n:]
            entry = {}
            for key, pred in (("peer", utils.logistic_regression_cv), ("converged", converged)):
                try:
                    entry[key] = peer_run(dt, pred, x[tr], f[tr], x[te], f[te])
                except Exception as e:  # sklearn's own failure, recorded
                    entry[key + "_error"] = "%s: %s" % (type(e).__name__, str(e)[:200])
            entry["gbt"] = gbt_runs(dt, x[tr], f[tr], x[te], f[te])
            expected["sizes"][str(n)] = entry
            print(name, n, {k: (v.get("test", v) if isinstance(v, dict) else v) for k, v in entry.items()})
        expected["peer"] = ("disentanglement_lib 86a644d evaluation/metrics/downstream_task.py "
                            "_compute_loss, utils.logistic_regression_cv; gbt: "
                            "GradientBoostingClassifier(random_state=s) as "
                            "utils.gradient_boosting_classifier with its seed fixed")
        expected["versions"] = {"numpy": np.__version__, "scipy": scipy.__version__,
                                "sklearn": sklearn.__version__}
        with open(os.path.join(out, "expected.json"), "w") as h:
            json.dump(expected, h, indent=1)
            h.write("\n")


if __name__ == "__main__":
    main()
