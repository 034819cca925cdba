#!/usr/bin/env python3
"""Reference fixtures for Candela's DCI-ES (dci-es), computed by the authors' own code.

The peer: andreinicolicioiu/DCI-ES (Eastwood, Nicolicioiu, von Kügelgen, Kekić, Träuble, Dittadi
and Schölkopf, ICLR 2023), at its HEAD: the random-forest probes of
``src/loss_capacity/train_model_random_forest.py`` (``train_test_random_forest``), the curve
arithmetic of ``metrics/explitcitness.py`` (``Explitcitness``) and D, C of ``metrics/dci.py``
(called by the former). This script imports those modules from a checkout given with ``--peer``
and runs them unchanged; only imports it cannot satisfy here are stubbed: ``xgboost`` and
``sage`` (used only by the xgb method and ``use_sage=True``, neither run), ``termcolor`` (a log
colour). The peer's probes read a PyTorch ``Dataset``: here a dataset that hands out the code
table's rows (latents as the input, factor codes as the targets, every factor marked continuous,
``_factor_discrete = False``: Candela regresses every factor), and the "model" is the identity,
which also records the order in which the peer's shuffled loaders visited the rows. The training
rows are written in that order, so Candela's forests see the rows as sklearn's did.

The gathering step (``src/simple_gather.py``) is a script, not a function; its dozen lines are
repeated here: the capacities are the depths (``plot_probe = 'rf'``: not logged), the loss of a
probe is 1 − its test R² per factor, one ``Explitcitness`` per factor with baseline loss 1 (the
peer's value for a continuous factor), E = the mean of the per-factor E, and I, D, C are those of
the capacity with the largest mean test R² (``np.argmax``).

For each case it writes, under src/test/resources/reference/dci-es/<case>/,

  train_latents.npy float32 [train rows, latents], in the peer's training order
  train_factors.npy int64   [train rows, factors]
  test_latents.npy  float32 [test rows, latents]
  test_factors.npy  int64   [test rows, factors]
  expected.json     depths, trees, seed; under ``peer`` the peer's losses [factor][depth],
                    per-factor E, E, best depth, I, D, C as its code computes them (its targets are
                    float32, so sklearn's R² takes the test mean and Σ(y − ȳ)² in float32);
                    under ``float64`` the same from the peer's saved forests (the same fits)
                    scored on float64 targets, which Candela's double arithmetic reproduces

Run from the repository root (Debian's numpy 1.24, scipy 1.10, sklearn 1.2.1, torch 1.13):

    git --git-dir=<mirror of DCI-ES> archive HEAD src metrics | tar -x -C /tmp/peer-dcies
    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 /usr/bin/python3 scripts/dcies-fixtures.py \\
        --peer /tmp/peer-dcies

The real model's codes are those of src/test/resources/reference/unsupervised/dsprites-beta-vae
(``./candela encode --model models/dsprites-beta-vae --dataset <dsprites.npz> --samples 5000
--seed 0 --device cpu``, see scripts/unsupervised-fixtures.py); ``--encoded DIR`` reads an encode
output folder (latents.csv, factors.csv) instead. The test suite never needs Python:
DciEsPeerAgreementTest reads the committed files.
"""
import argparse
import json
import os
import sys
import tempfile
import types

import joblib
import numpy as np
import sklearn
import torch
from sklearn.metrics import r2_score

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "src", "test", "resources", "reference", "dci-es")
REF = os.path.join(ROOT, "src", "test", "resources", "reference")

DEPTHS = [1, 2, 3, 4, 8, 10, 12, 14, 16, 18, 20, 32]  # configs/random_forest/config.yaml
TREES = 100  # configs/random_forest/default.yaml num_trees


def import_peer(peer):
    for name in ("xgboost", "sage", "termcolor"):
        if name not in sys.modules:
            m = types.ModuleType(name)
            m.colored = lambda s, *a, **k: s
            sys.modules[name] = m
    sys.path.insert(0, os.path.join(peer, "src"))
    sys.path.insert(0, peer)
    from loss_capacity.train_model_random_forest import train_test_random_forest
    from metrics.explitcitness import Explitcitness
    return train_test_random_forest, Explitcitness


class Rows(torch.utils.data.Dataset):
    """The code table's rows as the peer's dataset: (tag, row, latents...) in, factor codes out."""

    def __init__(self, tag, z, f):
        self.x = torch.tensor(np.column_stack([np.full(len(z), tag), np.arange(len(z)), z]),
                              dtype=torch.float64)
        self.y = torch.tensor(f, dtype=torch.float32)
        k = f.shape[1]
        self._factor_sizes = [int(f[:, i].max()) + 1 for i in range(k)]
        self._factor_discrete = [False] * k
        self._factor_names = [f"f{i}" for i in range(k)]

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return self.x[i], self.y[i]


class Recorder:
    """The identity representation: returns the latents, records which rows each call saw."""

    def __init__(self):
        self.calls = {}

    def __call__(self, batch):
        tag = int(batch[0, 0])
        self.calls.setdefault(tag, []).append(batch[:, 1].numpy().astype(np.int64))
        return batch[:, 2:].float()

    def order(self, tag, n):
        # the first call per split is get_representations_split's shape probe; the loop follows
        return np.concatenate(self.calls[tag][1:])[:n]


class NoBoard:
    def add_scalar(self, *a, **k):
        pass


class Loader:
    def __init__(self, dataset):
        self.dataset = dataset


def peer_dcies(ttrf, Explitcitness, z_tr, f_tr, z_te, f_te, seed):
    losses, losses64, infos, infos64, dcis, order = [], [], [], [], [], None
    for depth in DEPTHS:
        rec = Recorder()
        torch.manual_seed(seed)
        with tempfile.TemporaryDirectory() as tmp:  # the peer saves (and resumes from) its forests
            cap, r2_tr, r2_val, r2_te, dci = ttrf(
                model=rec, dataloader_train=Loader(Rows(0, z_tr, f_tr)),
                dataloader_val=Loader(Rows(1, z_te, f_te)),
                dataloader_test=Loader(Rows(2, z_te, f_te)), method="rf", max_leaf_nodes=None,
                max_depth=depth, num_trees=TREES, seed=seed, tb_writer=NoBoard(), savefolder=tmp,
                device="cpu", use_sage=False)
            # the peer keeps its targets in float32 (get_representations_split), so sklearn's R²
            # takes the test mean and Σ(y − ȳ)² in float32; its saved forests scored on float64
            # targets give the same fits' losses without that rounding
            r2_64 = []
            for k in range(f_tr.shape[1]):
                forest = joblib.load(f"{tmp}/rf_models/rf_datasize_{len(z_tr)}_factor_{k}.joblib")
                r2_64.append(r2_score(f_te[:, k].astype(np.float64), forest.predict(z_te)))
        o = rec.order(0, len(z_tr))
        if order is None:
            order = o
        elif not np.array_equal(order, o):
            raise SystemExit("the peer's training order changed between depths")
        losses.append(1.0 - np.asarray(r2_te))
        losses64.append(1.0 - np.asarray(r2_64))
        infos.append(dci["informativeness_test"])
        infos64.append(float(np.mean(r2_64)))
        dcis.append(dci)
    return order, {"peer": gather(Explitcitness, losses, infos, dcis),
                   "float64": gather(Explitcitness, losses64, infos64, dcis)}


def gather(Explitcitness, losses, infos, dcis):
    """simple_gather.py's steps for one seed and the rf probe."""
    losses = np.array(losses).T  # factor x depth, as simple_gather's r_scores
    per_factor = []
    for k in range(losses.shape[0]):
        e = Explitcitness()
        e.add_curve(np.array(DEPTHS), losses[k], 1.0, name=f"model_factor_{k}")
        per_factor.append(float(e.get_explitcitness()[f"model_factor_{k}"]))
    best = int(np.argmax(infos))
    return {
        "losses": losses.tolist(), "explicitness_per_factor": per_factor,
        "explicitness": float(np.mean(per_factor)), "best_depth": DEPTHS[best],
        "informativeness": float(infos[best]),
        "disentanglement": float(dcis[best]["disentanglement"]),
        "completeness": float(dcis[best]["completeness"])}


def independent(rng):
    """4 factors each read by one latent with a little noise, plus a noise latent: explicit."""
    f = rng.integers(0, [3, 6, 10, 8], size=(800, 4))
    z = np.column_stack([f + rng.normal(0, 0.4, f.shape), rng.normal(size=800)])
    return z, f


def mixed(rng):
    """3 factors through a random rotation and a squashing nonlinearity: entangled, harder."""
    f = rng.integers(0, [5, 8, 4], size=(800, 3))
    a = np.linalg.qr(rng.normal(size=(3, 3)))[0]
    z = np.tanh(((f - f.mean(0)) / f.std(0)) @ a) + rng.normal(0, 0.05, f.shape)
    return z, f


def dl_compare(rng):
    """reference/dl-compare: a trained VAE's encoder means (1,000 × 6)."""
    f = np.loadtxt(os.path.join(REF, "dl-compare", "train_factors.csv"), delimiter=",", skiprows=1)
    z = np.loadtxt(os.path.join(REF, "dl-compare", "train_latents.csv"), delimiter=",", skiprows=1)
    return z, f.astype(np.int64)


def encoded(folder):
    def make(rng):
        if folder:
            z = np.loadtxt(os.path.join(folder, "latents.csv"), delimiter=",", skiprows=1)
            f = np.loadtxt(os.path.join(folder, "factors.csv"), delimiter=",", skiprows=1)
        else:
            d = os.path.join(REF, "unsupervised", "dsprites-beta-vae")
            z, f = np.load(os.path.join(d, "latents.npy")), np.load(os.path.join(d, "factors.npy"))
        rows = rng.permutation(len(z))[:1500]  # the table is in factor order: a random subset
        z, f = z[rows], f[rows].astype(np.int64)
        keep = [k for k in range(f.shape[1]) if len(np.unique(f[:1000, k])) > 1]
        return z, f[:, keep]

    return make


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--peer", required=True, help="checkout of andreinicolicioiu/DCI-ES")
    ap.add_argument("--encoded", default=None, help="./candela encode output (latents.csv, factors.csv)")
    ap.add_argument("cases", nargs="*")
    a = ap.parse_args()
    ttrf, Explitcitness = import_peer(a.peer)
    cases = [("independent", independent), ("mixed", mixed), ("dl-compare", dl_compare),
             ("dsprites-beta-vae", encoded(a.encoded))]
    for seed, (name, make) in enumerate(cases):
        if a.cases and name not in a.cases:
            continue
        z, f = make(np.random.default_rng(seed))
        z = z.astype(np.float32)
        cut = int(len(z) * 2 / 3)
        z_tr, f_tr, z_te, f_te = z[:cut], f[:cut], z[cut:], f[cut:]
        order, expected = peer_dcies(ttrf, Explitcitness, z_tr, f_tr, z_te, f_te, seed)
        out = os.path.join(OUT, name)
        os.makedirs(out, exist_ok=True)
        np.save(os.path.join(out, "train_latents.npy"), z_tr[order])
        np.save(os.path.join(out, "train_factors.npy"), f_tr[order].astype(np.int64))
        np.save(os.path.join(out, "test_latents.npy"), z_te)
        np.save(os.path.join(out, "test_factors.npy"), f_te.astype(np.int64))
        expected.update({"depths": DEPTHS, "trees": TREES, "seed": seed,
                         "peer_code": "andreinicolicioiu/DCI-ES HEAD train_model_random_forest.py, "
                                 "metrics/explitcitness.py, metrics/dci.py",
                         "versions": {"numpy": np.__version__, "sklearn": sklearn.__version__,
                                      "torch": torch.__version__}})
        with open(os.path.join(out, "expected.json"), "w") as h:
            json.dump(expected, h, indent=2, sort_keys=True)
            h.write("\n")
        print(name, len(z_tr), "x", z.shape[1], json.dumps(
            {v: {k: expected[v][k] for k in ("explicitness", "best_depth", "informativeness",
                                             "disentanglement", "completeness")}
             for v in ("peer", "float64")}))


if __name__ == "__main__":
    main()
