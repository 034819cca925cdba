#!/usr/bin/env python3
"""Reference numbers for Candela's explicitness and DCI, computed as disentanglement_lib does.

Writes, next to this script, a synthetic train/test code set (CSV, the exact rows Candela's
tests read) and reference.json with sklearn's results on those rows:
  * explicitness as modularity_explicitness.py: latents standardised with the training mean and
    population sd (utils.normalize_data), LogisticRegression (liblinear, one-vs-rest, C=1), macro
    ROC-AUC per factor, mean over factors; on the raw latents and with the informative latents
    scaled by 0.01 (Candela's tests scale the same CSV values by 0.01);
  * DCI as dci.py: GradientBoostingClassifier() defaults per factor (random_state=0), importance =
    |feature_importances_|, D/C from the importance matrix, informativeness = test accuracy.

Run with Debian's python3-sklearn:  /usr/bin/python3 compare.py
Tests in the suite never need Python: they read the committed CSVs and reference.json.
"""
import json
import os

import numpy as np
import scipy.stats
import sklearn
from sklearn import ensemble, linear_model, preprocessing
from sklearn.metrics import roc_auc_score

HERE = os.path.dirname(os.path.abspath(__file__))
N_TRAIN, N_TEST = 1000, 500
SIZES = [4, 5, 3]


def make(rng, n):
    f = np.stack([rng.integers(0, k, n) for k in SIZES])  # [factors, n]
    z = np.zeros((6, n))
    z[0] = f[0] + rng.normal(0, 0.4, n)
    z[1] = f[1] + rng.normal(0, 0.4, n)
    z[2] = 0.5 * f[2] + 0.3 * z[0] + rng.normal(0, 0.4, n)
    z[3:] = rng.normal(0, 1, (3, n))
    return f, z


def write(name, f, z):
    with open(os.path.join(HERE, name + "_factors.csv"), "w") as h:
        h.write("f0,f1,f2\n")
        for i in range(f.shape[1]):
            h.write(",".join(str(int(v)) for v in f[:, i]) + "\n")
    with open(os.path.join(HERE, name + "_latents.csv"), "w") as h:
        h.write(",".join("z%d" % j for j in range(z.shape[0])) + "\n")
        for i in range(z.shape[1]):
            h.write(",".join("%.6g" % v for v in z[:, i]) + "\n")


def read(name):
    f = np.loadtxt(os.path.join(HERE, name + "_factors.csv"), delimiter=",", skiprows=1).T
    z = np.loadtxt(os.path.join(HERE, name + "_latents.csv"), delimiter=",", skiprows=1).T
    return f.astype(int), z


def normalize_data(data, mean=None, stddev=None):  # disentanglement_lib utils.normalize_data
    if mean is None:
        mean = np.mean(data, axis=1)
    if stddev is None:
        stddev = np.std(data, axis=1)
    return (data - mean[:, np.newaxis]) / stddev[:, np.newaxis], mean, stddev


def explicitness(z_tr, y_tr, z_te, y_te, standardise=True):
    if standardise:
        z_tr, m, s = normalize_data(z_tr)
        z_te, _, _ = normalize_data(z_te, m, s)
    scores = []
    for k in range(y_tr.shape[0]):
        clf = linear_model.LogisticRegression(solver="liblinear", multi_class="ovr")
        clf.fit(z_tr.T, y_tr[k])
        p = clf.predict_proba(z_te.T)
        mlb = preprocessing.MultiLabelBinarizer(classes=clf.classes_)
        y = mlb.fit_transform(y_te[k][:, None])
        scores.append(roc_auc_score(y, p, average="macro"))
    return float(np.mean(scores))


def dci(z_tr, y_tr, z_te, y_te):
    L, K = z_tr.shape[0], y_tr.shape[0]
    R = np.zeros((L, K))
    acc = []
    for k in range(K):
        m = ensemble.GradientBoostingClassifier(random_state=0)
        m.fit(z_tr.T, y_tr[k])
        R[:, k] = np.abs(m.feature_importances_)
        acc.append(np.mean(m.predict(z_te.T) == y_te[k]))
    def ent(P, base):  # columns are distributions
        return scipy.stats.entropy(P + 1e-11, base=base)
    d_per = 1.0 - ent(R.T, K)
    rho = R.sum(axis=1) / R.sum() if R.sum() != 0 else np.ones(L) / L
    c_per = 1.0 - ent(R, L)
    w = R.sum(axis=0) / R.sum()
    return float(np.sum(d_per * rho)), float(np.sum(c_per * w)), float(np.mean(acc)), R


def main():
    rng = np.random.default_rng(14)
    write("train", *make(rng, N_TRAIN))
    write("test", *make(rng, N_TEST))
    f_tr, z_tr = read("train")
    f_te, z_te = read("test")
    s_tr, s_te = z_tr.copy(), z_te.copy()
    s_tr[:3] *= 0.01
    s_te[:3] *= 0.01
    d, c, i, R = dci(z_tr, f_tr, z_te, f_te)
    out = {
        "sklearn": sklearn.__version__,
        "numpy": np.__version__,
        "explicitness": explicitness(z_tr, f_tr, z_te, f_te),
        "explicitnessScaled": explicitness(s_tr, f_tr, s_te, f_te),
        "explicitnessScaledUnstandardised": explicitness(s_tr, f_tr, s_te, f_te, False),
        "dciDisentanglement": d,
        "dciCompleteness": c,
        "dciInformativeness": i,
        "dciImportance": R.tolist(),
    }
    with open(os.path.join(HERE, "reference.json"), "w") as h:
        json.dump(out, h, indent=2)
        h.write("\n")
    print(json.dumps({k: v for k, v in out.items() if k != "dciImportance"}, indent=2))


if __name__ == "__main__":
    main()
