#!/usr/bin/python3
"""Fixtures for MigSampledAgreementTest: the beta-TCVAE authors' own entropy estimator on three
sets of (encoder means, log-variances, factor codes).

Peer: github:rtqichen/beta-tcvae (Chen, Li, Grosse, Duvenaud, "Isolating Sources of
Disentanglement in VAEs", NeurIPS 2018), file disentanglement_metrics.py, function
estimate_entropies(qz_samples, qz_params, q_dist, n_samples=10000), with lib.dist.Normal as q_dist
(params [mu, log sigma]; samples drawn by Normal.sample). The script imports that module from the
checkout given with --peer; it is not copied here. The peer hard-codes .cuda(): on a CPU-only torch
the script makes Tensor.cuda the identity (nothing else of the peer is changed). Its
metric_helpers.loader (a model loader needing vae_quant's dependencies, unused here) is stubbed
when it cannot be imported.

The glue around the estimator reproduces mutual_info_metric_shapes / compute_metric_shapes:
    H(z_j)       = estimate_entropies over all rows
    H(z_j | v_k) = sum_v p(v) estimate_entropies(rows with v_k = v)
    I = sort(H(z) - H(z|v), descending).clamp(min=0);  MIG = mean_k (I_1 - I_2) / H(v_k)
with the peer's grid slicing replaced by grouping the rows by factor value, p(v) = n_v / N and
H(v_k) the empirical entropy (on the full factor grids of sets 1 and 2 these are the peer's 1/|V_k|
and log|V_k|); constant factors (H = 0) are left out of the mean, as Candela does (the peer's
dSprites code lists its factors by hand and skips them).

Two kinds of fixtures per set:
  * deterministic: posterior samples z fixed by the script (numpy seed), the peer run in float64 on
    them; Candela's MigSampled.fromSamples on the same z must agree within 1e-9;
  * Monte-Carlo: the peer's own sampling (Normal.sample) with torch seeds 0..R-1; the spread (sd
    over seeds) is stored, and Candela's seeded estimate must lie within it.

Sets: grid-copy (3x4x5 full grid, latents copying factors with noise), grid-mixed (2x6x4 grid,
twice, latents mixing factors), dsprites-beta-vae (the shipped models/dsprites-beta-vae encoding
400 dSprites images: ./candela encode writes latents.csv, factors.csv and logvar.npy; pass that
folder with --real).

Usage (numpy, torch; OMP_NUM_THREADS=1):
  git clone <beta-tcvae> /tmp/beta-tcvae
  ./candela dataset generate dsprites --count 4000 --seed 5 --out /tmp/ds.npz
  ./candela encode --model models/dsprites-beta-vae --dataset /tmp/ds.npz --samples 400 \
      --seed 3 --out /tmp/enc
  /usr/bin/python3 scripts/mig-sampled-fixtures.py --peer /tmp/beta-tcvae --real /tmp/enc \
      --out src/test/resources/reference/mig-sampled [--dvae /tmp/disentangling-vae]

With --dvae, YannDubs/disentangling-vae's own Evaluator._estimate_latent_entropies (disvae/
evaluate.py, imported from that checkout) is run on the same fixed samples too, with n_samples =
the rows (its default 10000 needs that many rows per factor value) and the same glue; its MIG is
stored as disentanglingVaeMig: it differs because it reshapes the selected samples with
view(latent_dim, n_samples) where a transpose is meant (docs/metrics-kl-reconstruction-mig-sampled.md).
"""
import argparse
import importlib
import json
import math
import os
import sys
import types

import numpy as np
import torch

SEEDS = 20


def load_peer(peer):
    sys.path.insert(0, peer)
    try:
        import tqdm  # noqa: F401
    except ImportError:  # the peer's progress bar only
        shim = types.ModuleType("tqdm")

        class _Bar:
            def __init__(self, *a, **k):
                pass

            def update(self, *a):
                pass

            def close(self):
                pass

            def __enter__(self):
                return self

            def __exit__(self, *a):
                return False

        shim.tqdm = _Bar
        sys.modules["tqdm"] = shim
    try:
        importlib.import_module("metric_helpers.loader")
    except Exception:  # vae_quant's dependencies: the loader is not used here
        stub = types.ModuleType("metric_helpers.loader")
        stub.load_model_and_dataset = None
        sys.modules["metric_helpers.loader"] = stub
    if not torch.cuda.is_available():
        torch.Tensor.cuda = lambda self, *a, **k: self
    dm = importlib.import_module("disentanglement_metrics")
    dist = importlib.import_module("lib.dist")
    return dm.estimate_entropies, dist.Normal


def load_dvae(path):
    """YannDubs/disentangling-vae's Evaluator (disvae/evaluate.py), imported from a checkout (its
    training module's imageio and the progress bar are stubbed when missing)."""
    sys.path.insert(0, path)
    for name in ("imageio",):
        try:
            importlib.import_module(name)
        except ImportError:
            sys.modules[name] = types.ModuleType(name)
    shim = sys.modules.get("tqdm")
    if shim is not None and not hasattr(shim, "trange"):
        shim.trange = lambda n, **k: shim.tqdm()
    return importlib.import_module("disvae.evaluate").Evaluator


def dvae_mig(evaluator, mean, logvar, codes, z):
    """disentangling-vae's _estimate_latent_entropies (with its view(latent_dim, n_samples)) on all
    rows and within each factor value, n_samples = the rows (its default 10000 needs that many),
    torch seed 0; the same glue as peer_mig."""
    torch.manual_seed(0)
    self = types.SimpleNamespace(is_progress_bar=True)
    mu, lv, zt = torch.from_numpy(mean), torch.from_numpy(logvar), torch.from_numpy(z)
    n, k = mean.shape
    est = lambda rows: evaluator._estimate_latent_entropies(
        self, zt[rows], (mu[rows], lv[rows]), n_samples=len(rows)).numpy()
    hz = est(torch.arange(n))
    f = codes.shape[0]
    hzv = np.zeros((f, k))
    hv = np.array([entropy(c) for c in codes])
    for a in range(f):
        for v in np.unique(codes[a]):
            rows = torch.from_numpy(np.nonzero(codes[a] == v)[0])
            hzv[a] += len(rows) / n * est(rows)
    mi = np.clip(hz[None, :] - hzv, 0, None)
    srt = -np.sort(-mi, axis=1)
    gaps = [(srt[a, 0] - (srt[a, 1] if k > 1 else 0.0)) / hv[a] for a in range(f) if hv[a] > 0]
    return float(np.mean(gaps))


def entropy(codes):
    _, counts = np.unique(codes, return_counts=True)
    p = counts / counts.sum()
    return float(-(p * np.log(p)).sum())


def peer_mig(estimate, normal, mean, logvar, codes, z):
    """The peer's estimator on fixed samples z [N, K] (float64); returns H(z), H(z|v), MIG."""
    q = normal()
    params = torch.stack(
        [torch.from_numpy(mean), torch.from_numpy(0.5 * logvar)], dim=-1
    )  # (N, K, 2): mu, log sigma
    zt = torch.from_numpy(z)
    n, k = mean.shape
    hz = estimate(zt.t().contiguous(), params, q).numpy()
    f = codes.shape[0]
    hzv = np.zeros((f, k))
    hv = np.zeros(f)
    for a in range(f):
        hv[a] = entropy(codes[a])
        for v in np.unique(codes[a]):
            rows = np.nonzero(codes[a] == v)[0]
            sub = torch.from_numpy(rows)
            h = estimate(zt[sub].t().contiguous(), params[sub].contiguous(), q).numpy()
            hzv[a] += len(rows) / n * h
    mi = np.clip(hz[None, :] - hzv, 0, None)
    srt = -np.sort(-mi, axis=1)
    gaps = [(srt[a, 0] - (srt[a, 1] if k > 1 else 0.0)) / hv[a] for a in range(f) if hv[a] > 0]
    return hz, hzv, float(np.mean(gaps))


def fixture(name, estimate, normal, mean, logvar, codes, rng, dvae=None):
    mean = mean.astype(np.float32).astype(np.float64)
    logvar = logvar.astype(np.float32).astype(np.float64)
    z = mean + np.exp(0.5 * logvar) * rng.standard_normal(mean.shape)
    hz, hzv, mig = peer_mig(estimate, normal, mean, logvar, codes, z)
    # the peer's own sampling, over seeds: its Monte-Carlo spread
    q = normal()
    params = torch.stack([torch.from_numpy(mean), torch.from_numpy(0.5 * logvar)], dim=-1)
    migs = []
    for seed in range(SEEDS):
        torch.manual_seed(seed)
        zs = q.sample(params=params).numpy()
        migs.append(peer_mig(estimate, normal, mean, logvar, codes, zs)[2])
    migs = np.array(migs)
    extra = {}
    if dvae is not None:
        extra["disentanglingVaeMig"] = dvae_mig(dvae, mean, logvar, codes, z)
        print("%s: disentangling-vae's estimator on the same samples: MIG %.6f"
              % (name, extra["disentanglingVaeMig"]))
    print(
        "%s: %d rows, %d latents, %d factors; MIG(fixed z) %.6f; over %d seeds %.6f +- %.6f"
        % (name, mean.shape[0], mean.shape[1], codes.shape[0], mig, SEEDS, migs.mean(), migs.std(ddof=1))
    )
    return {
        "name": name,
        "peer": "rtqichen/beta-tcvae disentanglement_metrics.estimate_entropies",
        "mean": mean.tolist(),
        "logVar": logvar.tolist(),
        "codes": codes.tolist(),
        "z": z.tolist(),
        "latentEntropy": hz.tolist(),
        "conditionalEntropy": hzv.tolist(),
        "mig": mig,
        "seedMigs": migs.tolist(),
        "seedMean": float(migs.mean()),
        "seedSd": float(migs.std(ddof=1)),
        **extra,
    }


def grid(*sizes):
    return np.array(np.meshgrid(*[np.arange(s) for s in sizes], indexing="ij")).reshape(len(sizes), -1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--peer", required=True, help="checkout of rtqichen/beta-tcvae")
    ap.add_argument("--real", required=True, help="folder of ./candela encode output")
    ap.add_argument("--out", required=True)
    ap.add_argument("--dvae", help="optional checkout of YannDubs/disentangling-vae: its MIG on the"
                    " same samples is stored as disentanglingVaeMig (the deviation docs quote)")
    a = ap.parse_args()
    torch.set_default_dtype(torch.float64)
    estimate, normal = load_peer(a.peer)
    dvae = load_dvae(a.dvae) if a.dvae else None
    rng = np.random.default_rng(40)
    os.makedirs(a.out, exist_ok=True)
    sets = []

    codes = grid(3, 4, 5)
    n = codes.shape[1]
    mean = np.stack(
        [
            codes[0] + 0.3 * rng.standard_normal(n),
            0.5 * codes[1] + 0.2 * rng.standard_normal(n),
            rng.standard_normal(n),
            codes[2] - 0.2 * codes[0] + 0.3 * rng.standard_normal(n),
        ],
        axis=1,
    )
    logvar = np.stack([rng.uniform(-3, -1, n), rng.uniform(-2, 0, n), rng.uniform(-0.5, 0.5, n), rng.uniform(-4, -2, n)], axis=1)
    sets.append(fixture("grid-copy", estimate, normal, mean, logvar, codes, rng, dvae))

    codes = np.concatenate([grid(2, 6, 4)] * 2, axis=1)
    n = codes.shape[1]
    mean = np.stack(
        [
            codes[1] + codes[2] + 0.5 * rng.standard_normal(n),
            codes[0] - 0.3 * codes[1] + 0.4 * rng.standard_normal(n),
            0.1 * rng.standard_normal(n),
        ],
        axis=1,
    )
    logvar = np.stack([rng.uniform(-2, 0, n), rng.uniform(-3, -1, n), np.full(n, 0.0)], axis=1)
    sets.append(fixture("grid-mixed", estimate, normal, mean, logvar, codes, rng, dvae))

    lat = np.loadtxt(os.path.join(a.real, "latents.csv"), delimiter=",", skiprows=1)
    fac = np.loadtxt(os.path.join(a.real, "factors.csv"), delimiter=",", skiprows=1, dtype=np.int64)
    lv = np.load(os.path.join(a.real, "logvar.npy")).astype(np.float64)
    sets.append(fixture("dsprites-beta-vae", estimate, normal, lat, lv, fac.T, rng, dvae))

    for s in sets:
        with open(os.path.join(a.out, s["name"] + ".json"), "w") as f:
            json.dump(s, f)


if __name__ == "__main__":
    main()
