#!/usr/bin/env python3
"""Reference fixtures for Candela's DCI regressors (--dci-learner lasso | random-forest).

Reproduces Eastwood & Williams' own DCI code (github.com/cianeastwood/qedr, commit f1f47e5):
quantify.ipynb's ``fit_visualise_quantify`` with its two regressors,

  * ``Lasso(alpha=0.02)``, importance = ``np.abs(model.coef_)``;
  * ``RandomForestRegressor(n_estimators=10, max_depth=d, random_state=...)``, importance =
    ``feature_importances_`` (the notebook tunes d per model and factor; Candela fixes d = 10);

on latents and factor codes standardised with the training rows' statistics by the peer's own
``lib.eval.regression.normalize(..., remove_constant=False)``, and the prediction error by the
peer's ``lib.eval.regression.nrmse``. Both functions are imported from the peer's checkout given
with ``--peer`` (a copy of the repository: ``git --git-dir=MIRROR archive HEAD | tar -x -C DIR``),
so the numbers are the peer's. The notebook itself cannot be imported; its loop body is the few
lines in ``fit`` below. Two choices differ from the notebook and are Candela's: the latents are
float64 before standardising (Candela standardises in double precision), and the random forest's
``random_state`` is the integer seed (the notebook passes one shared ``RandomState(123)``).

D and C in expected.json are Candela's (disentanglement_lib's formulas: entropy of the importances
+ 1e-11, D weighted by the latents' share, C weighted by the factors' share);
``eastwoodDisentanglement`` / ``eastwoodCompleteness`` are the peer's own (``entropic_scores``:
no +1e-11, C a plain mean over factors; null where the peer gives NaN, i.e. divides by the zero
column of a factor whose lasso kept no latent). I = mean over factors of 1 - NRMSE on the test rows.

Random forest: ``seedSpread`` is sklearn's own spread: the largest |x(seed s) - x(seed 0)| over
seeds s = 1..9 for every importance entry, D, C and I; the Java test allows that much.

Code sets (three or more, one a real model's codes):
  * multiclass-imbalanced, many-classes, dl-compare: the rows of
    src/test/resources/reference/dci-sklearn/<case>/ (read from there, not copied);
  * dsprites-beta-vae: `candela encode` of the shipped models/dsprites-beta-vae on 3,000 dSprites
    images (`candela dataset generate dsprites --count 3000 --seed 1`), constant factor color
    dropped, rows shuffled (seed 7) and split 2,000 / 1,000; written to this fixture's folder
    from ``--encoded DIR`` (the encode output), or read back from it when the flag is absent.

Run from the repository root with Debian's python3-sklearn (1.2.1):

    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 nice /usr/bin/python3 scripts/dci-learner-fixtures.py \
        --peer /tmp/qedr [--encoded /tmp/codes]

The test suite never needs Python: DciLearnerAgreementTest reads the committed files.
"""
import argparse
import json
import os
import sys

import numpy as np
import scipy.stats
import sklearn
from sklearn.ensemble import RandomForestRegressor
from sklearn.linear_model import Lasso

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "src", "test", "resources", "reference", "dci-learners")
SKLEARN_CASES = os.path.join(ROOT, "src", "test", "resources", "reference", "dci-sklearn")

LASSO_ALPHA = 0.02  # quantify.ipynb
FOREST_TREES = 10  # quantify.ipynb
FOREST_DEPTH = 10  # Candela's fixed choice (the notebook tunes 2..12 per model and factor)
SEEDS = 10


def read_case(folder):
    def load(split):
        z = np.load(os.path.join(folder, split + "_latents.npy"))
        f = np.load(os.path.join(folder, split + "_factors.npy"))
        return z, f

    return load("train"), load("test")


def encoded_case(encoded):
    z = np.loadtxt(os.path.join(encoded, "latents.csv"), delimiter=",", skiprows=1)
    f = np.loadtxt(os.path.join(encoded, "factors.csv"), delimiter=",", skiprows=1)
    with open(os.path.join(encoded, "factors.csv")) as h:
        names = h.readline().strip().split(",")
    keep = [k for k in range(f.shape[1]) if len(np.unique(f[:, k])) > 1]  # drops color
    f = f[:, keep].astype(np.int64)
    order = np.random.RandomState(7).permutation(len(z))
    z, f = z[order].astype(np.float32), f[order]
    return (z[:2000], f[:2000]), (z[2000:3000], f[2000:3000]), [names[k] for k in keep]


def entropy_scores(R):
    """Candela's (disentanglement_lib's) D and C of an importance matrix [latents, factors]."""
    per_code = 1.0 - scipy.stats.entropy(R.T + 1e-11, base=R.shape[1])
    per_factor = 1.0 - scipy.stats.entropy(R + 1e-11, base=R.shape[0])
    W = np.ones_like(R) if R.sum() == 0.0 else R
    d = np.sum(per_code * W.sum(axis=1) / W.sum())
    c = np.sum(per_factor * W.sum(axis=0) / W.sum())
    return float(d), float(c)


def eastwood_scores(peer, R):
    """The peer's own D and C (quantify.ipynb): entropic_scores, D weighted, C a plain mean."""
    disent = peer.entropic_scores(R.T)
    d = np.sum(np.array(disent) * (np.sum(R, 1) / np.sum(R)))
    c = np.mean(peer.entropic_scores(R))
    # the peer divides by a zero column sum (a factor whose lasso kept no latent): NaN -> null
    return tuple(None if np.isnan(v) else float(v) for v in (d, c))


def fit(peer, learner, z_tr, f_tr, z_te, f_te, seed):
    """quantify.ipynb's loop body for one model: per factor fit, |importances|, nrmse."""
    X_tr, mean, std, _ = peer.normalize(z_tr.astype(np.float64), remove_constant=False)
    X_te, _, _, _ = peer.normalize(z_te.astype(np.float64), mean, std, remove_constant=False)
    G_tr, gmean, gstd, _ = peer.normalize(f_tr.astype(np.float64), remove_constant=False)
    G_te, _, _, _ = peer.normalize(f_te.astype(np.float64), gmean, gstd, remove_constant=False)
    R, train_err, test_err, n_iter = [], [], [], []
    for j in range(f_tr.shape[1]):
        if learner == "lasso":
            model = Lasso(alpha=LASSO_ALPHA)
        else:
            model = RandomForestRegressor(
                n_estimators=FOREST_TREES, max_depth=FOREST_DEPTH, random_state=seed)
        model.fit(X_tr, G_tr[:, j])
        train_err.append(float(peer.nrmse(model.predict(X_tr), G_tr[:, j])))
        test_err.append(float(peer.nrmse(model.predict(X_te), G_te[:, j])))
        attr = "coef_" if learner == "lasso" else "feature_importances_"
        R.append(np.abs(getattr(model, attr))[:, None])
        if learner == "lasso":
            n_iter.append(int(model.n_iter_))
    return np.hstack(R), train_err, test_err, n_iter


def summary(peer, learner, R, train_err, test_err):
    d, c = entropy_scores(R)
    ed, ec = eastwood_scores(peer, R)
    return {
        "disentanglement": d,
        "completeness": c,
        "informativeness": float(np.mean([1.0 - e for e in test_err])),
        "trainInformativeness": float(np.mean([1.0 - e for e in train_err])),
        "testNrmse": test_err,
        "trainNrmse": train_err,
        "eastwoodDisentanglement": ed,
        "eastwoodCompleteness": ec,
        "importance": R.tolist(),
    }


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--peer", required=True, help="a checkout of cianeastwood/qedr")
    p.add_argument("--encoded", help="candela encode output of models/dsprites-beta-vae")
    a = p.parse_args()
    sys.path.insert(0, a.peer)
    from lib.eval import regression as peer  # the peer's own module

    cases = {}
    for name in ("multiclass-imbalanced", "many-classes", "dl-compare"):
        cases[name] = read_case(os.path.join(SKLEARN_CASES, name)) + (None,)
    real = os.path.join(OUT, "dsprites-beta-vae")
    if a.encoded:
        (z_tr, f_tr), (z_te, f_te), names = encoded_case(a.encoded)
        os.makedirs(real, exist_ok=True)
        np.save(os.path.join(real, "train_latents.npy"), z_tr)
        np.save(os.path.join(real, "test_latents.npy"), z_te)
        np.save(os.path.join(real, "train_factors.npy"), f_tr)
        np.save(os.path.join(real, "test_factors.npy"), f_te)
        with open(os.path.join(real, "factor-names.txt"), "w") as h:
            h.write("\n".join(names) + "\n")
    cases["dsprites-beta-vae"] = read_case(real) + (None,)

    for name, ((z_tr, f_tr), (z_te, f_te), _) in cases.items():
        out = {
            "case": name,
            "rows": "dci-sklearn/" + name if name != "dsprites-beta-vae" else name,
            "sklearn": sklearn.__version__,
            "numpy": np.__version__,
            "peer": "cianeastwood/qedr f1f47e5 lib/eval/regression.py normalize, nrmse",
            "trainSamples": int(z_tr.shape[0]),
            "testSamples": int(z_te.shape[0]),
            "latents": int(z_tr.shape[1]),
            "factors": int(f_tr.shape[1]),
        }
        R, tr, te, n_iter = fit(peer, "lasso", z_tr, f_tr, z_te, f_te, 0)
        out["lasso"] = dict(summary(peer, "lasso", R, tr, te), alpha=LASSO_ALPHA, nIter=n_iter)
        runs = [fit(peer, "random-forest", z_tr, f_tr, z_te, f_te, s) for s in range(SEEDS)]
        rf = [summary(peer, "random-forest", R, tr, te) for R, tr, te, _ in runs]
        base = rf[0]
        spread = {
            k: float(max(abs(r[k] - base[k]) for r in rf[1:]))
            for k in ("disentanglement", "completeness", "informativeness")
        }
        spread["importance"] = float(
            max(np.max(np.abs(np.array(r["importance"]) - np.array(base["importance"])))
                for r in rf[1:]))
        out["randomForest"] = dict(
            base, trees=FOREST_TREES, maxDepth=FOREST_DEPTH, randomState=0, seedSpread=spread,
            seeds=SEEDS)
        d = os.path.join(OUT, name)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "expected.json"), "w") as h:
            json.dump(out, h, indent=2)
            h.write("\n")
        print("%-22s lasso D %.6f C %.6f I %.6f | forest D %.6f C %.6f I %.6f spread %s" % (
            name, out["lasso"]["disentanglement"], out["lasso"]["completeness"],
            out["lasso"]["informativeness"], base["disentanglement"], base["completeness"],
            base["informativeness"], {k: "%.1e" % v for k, v in spread.items()}))


if __name__ == "__main__":
    main()
