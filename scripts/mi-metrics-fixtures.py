#!/usr/bin/env python3
"""Peer fixtures for Candela's MI-family metrics (MIG-sup, JEMMIG, DCIMIG) and SAP continuous.

For each case below this script writes, under src/test/resources/reference/mi-metrics/<case>/,

  latents.csv, factors.csv      the code set (float32 latents as Candela reads them, int codes);
                                factors with a single value are dropped (Candela excludes them)
  train_rows.csv, test_rows.csv the row indices of SAP continuous's train and test sets
  expected.json                 the peers' numbers on these rows

computed by the peers' own code, imported from their checkouts (nothing of theirs is copied here):

  * ubisoft-laforge-disentanglement-metrics (commit 05d5667c), src/metrics/mig_sup.py::mig_sup,
    src/metrics/jemmig.py::jemmig, src/metrics/dcimig.py::dcimig, with pyitlib (commit 9b578932,
    pyitlib/discrete_random_variable.py) for their entropies and mutual information (bits).
    They are given Candela's discrete data: the factor codes with continuous_factors=False, and
    as "codes" each latent's bin index from numpy's equal-width histogram on 20 bins
    (np.digitize(z, np.histogram(z, 20)[1][:-1]), disentanglement_lib's histogram_discretize, on
    the float32 latents widened to float64, as Candela bins them), with nb_bins=20. The peer
    re-scales those indices with minmax_scale and re-bins them into 20 bins, which maps the 20
    indices one-to-one (k/19 falls in bin floor(20k/19)), so the MI and entropies it computes are
    those of Candela's bins. Its own binning of the raw latents is recorded too ("peerOwnBinning").
  * disentanglement_lib (commit 86a644d4), evaluation/metrics/sap_score.py::_compute_sap with
    continuous_factors=True: its score matrix is computed on the first (train) arguments only.
    Called once with (train, train) rows (the peer's number) and once with (test, test) rows
    (the paper's: the R² of lines fitted on the test examples, Candela's score). gin and absl,
    which the module imports for configuration and logging only, are replaced by stand-ins.

MIG-sup: the peer normalises each latent's gap by the latent's entropy H(z_j); the paper normalises
the MI by the factor's entropy H(v_k) as MIG does. expected.json holds the peer's number
("migSupPeer", Candela's detail latentNormalisedScore) and the paper's value from the peer's own
MI matrix and pyitlib's factor entropies ("migSupPaper").

All four metrics are deterministic (no seed enters), so the seed spread is 0 ("seedSpread").

Run from the repository root with Debian's python3 (numpy 1.24, scikit-learn 1.2, pandas):

    git --git-dir=<mirror> archive HEAD | tar -x -C /tmp/peer-ubisoft   # and the two others
    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 /usr/bin/python3 scripts/mi-metrics-fixtures.py \\
        --ubisoft /tmp/peer-ubisoft --pyitlib /tmp/peer-pyitlib --dlib /tmp/peer-dlib \\
        --real /tmp/mi-real/enc

where /tmp/mi-real/enc is `./candela encode` of the shipped models/dsprites-ss-beta-vae on 3,000
held-out dSprites images:

    ./candela dataset generate dsprites --count 3000 --exclude-training models/dsprites-ss-beta-vae \\
        --seed 7 --out /tmp/mi-real/dsprites-3000.npz
    ./candela encode --model models/dsprites-ss-beta-vae --dataset /tmp/mi-real/dsprites-3000.npz \\
        --samples 0 --device cpu --quiet --out /tmp/mi-real/enc

The test suite never needs Python: MiMetricsPeerAgreementTest reads the committed files.
"""
import argparse
import json
import logging
import os
import sys
import types

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "src", "test", "resources", "reference", "mi-metrics")
DL_COMPARE = os.path.join(ROOT, "src", "test", "resources", "reference", "dl-compare")
BINS = 20


def import_peers(args):
    sys.path.insert(0, args.pyitlib)
    sys.path.insert(0, os.path.join(args.ubisoft, "src"))  # utils.py
    sys.path.insert(0, os.path.join(args.ubisoft, "src", "metrics"))
    # disentanglement_lib imports gin (configuration) and absl (logging) only for decoration
    gin = types.ModuleType("gin")
    gin.configurable = lambda *a, **k: (lambda f: f)
    gin.REQUIRED = object()
    gin.tf = types.ModuleType("gin.tf")
    sys.modules["gin"] = gin
    sys.modules["gin.tf"] = gin.tf
    absl = types.ModuleType("absl")
    absl.logging = logging
    sys.modules["absl"] = absl
    sys.modules["absl.logging"] = logging
    sys.path.insert(0, args.dlib)
    import dcimig
    import jemmig
    import mig_sup
    from disentanglement_lib.evaluation.metrics import sap_score
    from pyitlib import discrete_random_variable as drv
    return mig_sup.mig_sup, jemmig.jemmig, dcimig.dcimig, sap_score._compute_sap, drv


def candela_bins(z):
    """disentanglement_lib's histogram_discretize of each column, on float32 widened to float64."""
    z = z.astype(np.float32).astype(np.float64)
    out = np.zeros(z.shape, dtype=np.int64)
    for j in range(z.shape[1]):
        out[:, j] = np.digitize(z[:, j], np.histogram(z[:, j], BINS)[1][:-1]) - 1
    return out


def peer_numbers(peers, z, f, train, test):
    mig_sup, jemmig, dcimig, compute_sap, drv = peers
    binned = candela_bins(z).astype(np.float64)
    out = {}
    out["migSupPeer"] = float(mig_sup(f, binned, continuous_factors=False, nb_bins=BINS))
    out["jemmig"] = float(jemmig(f, binned, continuous_factors=False, nb_bins=BINS))
    out["dcimig"] = float(dcimig(f, binned, continuous_factors=False, nb_bins=BINS))
    # the paper's MIG-sup from the peer's MI (pyitlib, bits) normalised by pyitlib's H(v_k)
    mi = np.array([[drv.information_mutual(f[:, k], binned[:, j], cartesian_product=True)
                    for k in range(f.shape[1])] for j in range(z.shape[1])])
    hv = np.array([drv.entropy(f[:, k]) for k in range(f.shape[1])])
    norm = np.sort(mi / hv[None, :], axis=1)
    out["migSupPaper"] = float(np.mean(norm[:, -1] - (norm[:, -2] if norm.shape[1] > 1 else 0)))
    own = z.astype(np.float32).astype(np.float64)
    out["peerOwnBinning"] = {
        "migSupPeer": float(mig_sup(f, own, continuous_factors=False, nb_bins=BINS)),
        "jemmig": float(jemmig(f, own, continuous_factors=False, nb_bins=BINS)),
        "dcimig": float(dcimig(f, own, continuous_factors=False, nb_bins=BINS)),
    }
    zt = z.astype(np.float32)
    # disentanglement_lib passes [latents, samples] and [factors, samples]
    on_train = compute_sap(zt[train].T, f[train].T, zt[test].T, f[test].T, True)["SAP_score"]
    on_test = compute_sap(zt[test].T, f[test].T, zt[train].T, f[train].T, True)["SAP_score"]
    out["sapContinuousTrainRows"] = float(on_train)
    out["sapContinuous"] = float(on_test)
    out["seedSpread"] = 0.0
    return out


def drop_single_valued(f, names):
    keep = [k for k in range(f.shape[1]) if len(np.unique(f[:, k])) > 1]
    return f[:, keep], [names[k] for k in keep]


def read_csv(path, dtype):
    with open(path) as fh:
        header = fh.readline().strip().split(",")
    return np.loadtxt(path, delimiter=",", skiprows=1, dtype=dtype, ndmin=2), header


def case_real(args, rng):
    z, zn = read_csv(os.path.join(args.real, "latents.csv"), np.float64)
    f, fn = read_csv(os.path.join(args.real, "factors.csv"), np.int64)
    return z, zn, f, fn


def case_dl_compare(args, rng):
    z, zn = read_csv(os.path.join(DL_COMPARE, "train_latents.csv"), np.float64)
    f, fn = read_csv(os.path.join(DL_COMPARE, "train_factors.csv"), np.int64)
    return z, zn, f, fn


def case_entangled(args, rng):
    """2,000 rows, 4 factors, 7 latents: one latent per factor for two factors, one latent
    carrying two factors, one factor spread over two latents, noise and a near-constant latent."""
    n = 2000
    sizes = [3, 5, 8, 4]
    f = np.stack([rng.integers(0, k, n) for k in sizes], axis=1)
    z = np.empty((n, 7))
    z[:, 0] = f[:, 0] + rng.normal(0, 0.1, n)
    z[:, 1] = f[:, 1] / 4.0 + 0.5 * f[:, 2] / 7.0 + rng.normal(0, 0.05, n)
    z[:, 2] = f[:, 2] / 7.0 + rng.normal(0, 0.3, n)
    z[:, 3] = f[:, 2] / 7.0 + rng.normal(0, 0.3, n)
    z[:, 4] = np.cos(f[:, 3]) + rng.normal(0, 0.2, n)
    z[:, 5] = rng.normal(0, 1, n)
    z[:, 6] = rng.normal(0, 1e-3, n)
    return z, [f"z{j}" for j in range(7)], f, [f"f{k}" for k in range(4)]


CASES = [("real-dsprites-ss-beta-vae", case_real), ("dl-compare", case_dl_compare),
         ("entangled", case_entangled)]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--ubisoft", required=True)
    p.add_argument("--pyitlib", required=True)
    p.add_argument("--dlib", required=True)
    p.add_argument("--real", required=True)
    args = p.parse_args()
    peers = import_peers(args)
    for seed, (name, make) in enumerate(CASES):
        rng = np.random.default_rng(4000 + seed)
        z, zn, f, fn = make(args, rng)
        z = z.astype(np.float32)
        f, fn = drop_single_valued(f, fn)
        n = z.shape[0]
        perm = rng.permutation(n)
        cut = (2 * n) // 3
        train, test = np.sort(perm[:cut]), np.sort(perm[cut:])
        d = os.path.join(OUT, name)
        os.makedirs(d, exist_ok=True)
        np.savetxt(os.path.join(d, "latents.csv"), z, delimiter=",", fmt="%.9g",
                   header=",".join(zn), comments="")
        np.savetxt(os.path.join(d, "factors.csv"), f, delimiter=",", fmt="%d",
                   header=",".join(fn), comments="")
        np.savetxt(os.path.join(d, "train_rows.csv"), train, fmt="%d")
        np.savetxt(os.path.join(d, "test_rows.csv"), test, fmt="%d")
        # read back what was written, so the peers see exactly the rows Candela reads
        z, _ = read_csv(os.path.join(d, "latents.csv"), np.float64)
        z = z.astype(np.float32)
        out = peer_numbers(peers, z, f, train, test)
        out.update({"case": name, "rows": int(n), "latents": int(z.shape[1]),
                    "factors": fn, "bins": BINS})
        with open(os.path.join(d, "expected.json"), "w") as fh:
            json.dump(out, fh, indent=2)
            fh.write("\n")
        print(name, json.dumps(out))


if __name__ == "__main__":
    main()
