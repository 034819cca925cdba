#!/usr/bin/env python3
"""The numpy reference of `candela bench metrics`: IRS, UC and MIG as the peers compute them.

Reads the two .npy files bench writes (latents float32 [N, D], factors int64 [N, F]) and prints one
JSON object on stdout: the seconds each stage took and the scores, which bench compares with
Candela's (docs/metrics-irs-uc-mig.md, "Speed").

  IRS  disentanglement_lib evaluation/metrics/irs.py, `compute_irs` after the sampling:
       factors through `utils._histogram_discretize` (20 bins, the gin default of its IRS
       configs), `_drop_constant_dims`, `scalable_disentanglement_score` (diff_quantile 0.99),
       verbatim.
  UC   Reddy et al. 2022's unconfoundedness from that IRS matrix as Candela defines it
       (Uc.java, TOPK): Z_i = the rho latents with the largest IRS entries of column i, ties to the
       lower index; UC = 1 - mean over factor pairs of the Jaccard index of their sets.
  MIG  disentanglement_lib evaluation/metrics/mig.py `_compute_mig`: latents through
       `_histogram_discretize` (20 bins), `utils.discrete_mutual_info` and `discrete_entropy`
       (sklearn.metrics.mutual_info_score per latent x factor pair), verbatim; NaN gaps of constant
       factors are not possible here (bench's factors all vary).

The functions are the peers' own code, copied with their loops and numpy calls unchanged (only
the sampling is gone: the codes come from the files). disentanglement_lib's representation
functions return float32; Candela computes every statistic in float64 from the float32 values, so
the default `--dtype float64` converts the latents once after reading (counted in `read`) and
both sides compute the same numbers; `--dtype float32` runs the peer on the float32 array as
disentanglement_lib would (scores then differ from Candela's in the 7th digit).

Run (Debian's numpy 1.24 and python3-sklearn 1.2.1; one thread, as Candela's ratio assumes):

    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 /usr/bin/python3 scripts/numpy-reference-metrics.py \
        --latents latents.npy --factors factors.npy [--rho 1,2] [--metrics irs,uc,mig]

Exit status 3 with one line on stderr when sklearn (needed by MIG) is missing.
"""
import argparse
import json
import sys
import time

import numpy as np


# --- disentanglement_lib evaluation/metrics/utils.py --------------------------------------------
def _histogram_discretize(target, num_bins=20):
    """Discretization based on histograms."""
    discretized = np.zeros_like(target)
    for i in range(target.shape[0]):
        discretized[i, :] = np.digitize(target[i, :], np.histogram(target[i, :], num_bins)[1][:-1])
    return discretized


def discrete_mutual_info(mus, ys):
    """Compute discrete mutual information."""
    import sklearn.metrics

    num_codes = mus.shape[0]
    num_factors = ys.shape[0]
    m = np.zeros([num_codes, num_factors])
    for i in range(num_codes):
        for j in range(num_factors):
            m[i, j] = sklearn.metrics.mutual_info_score(ys[j, :], mus[i, :])
    return m


def discrete_entropy(ys):
    """Compute discrete mutual information."""
    import sklearn.metrics

    num_factors = ys.shape[0]
    h = np.zeros(num_factors)
    for j in range(num_factors):
        h[j] = sklearn.metrics.mutual_info_score(ys[j, :], ys[j, :])
    return h


# --- disentanglement_lib evaluation/metrics/irs.py ----------------------------------------------
def _drop_constant_dims(ys):
    """Returns a view of the matrix `ys` with dropped constant rows."""
    ys = np.asarray(ys)
    if ys.ndim != 2:
        raise ValueError("Expecting a matrix.")
    variances = ys.var(axis=1)
    active_mask = variances > 0.0
    return ys[active_mask, :]


def scalable_disentanglement_score(gen_factors, latents, diff_quantile=0.99):
    """Computes IRS scores of a dataset (verbatim)."""
    num_gen = gen_factors.shape[1]
    num_lat = latents.shape[1]
    max_deviations = np.max(np.abs(latents - latents.mean(axis=0)), axis=0)
    cum_deviations = np.zeros([num_lat, num_gen])
    for i in range(num_gen):
        unique_factors = np.unique(gen_factors[:, i], axis=0)
        assert unique_factors.ndim == 1
        num_distinct_factors = unique_factors.shape[0]
        for k in range(num_distinct_factors):
            match = gen_factors[:, i] == unique_factors[k]
            e_loc = np.mean(latents[match, :], axis=0)
            diffs = np.abs(latents[match, :] - e_loc)
            max_diffs = np.percentile(diffs, q=diff_quantile * 100, axis=0)
            cum_deviations[:, i] += max_diffs
        cum_deviations[:, i] /= num_distinct_factors
    normalized_deviations = cum_deviations / max_deviations[:, np.newaxis]
    irs_matrix = 1.0 - normalized_deviations
    disentanglement_scores = irs_matrix.max(axis=1)
    if np.sum(max_deviations) > 0.0:
        avg_score = np.average(disentanglement_scores, weights=max_deviations)
    else:
        avg_score = np.mean(disentanglement_scores)
    return {"avg_score": avg_score, "IRS_matrix": irs_matrix}


def compute_irs(mus, ys, diff_quantile=0.99):
    """compute_irs after generate_batch_factor_code: mus [D, N], ys [F, N]."""
    ys_discrete = _histogram_discretize(ys)
    active_mus = _drop_constant_dims(mus)
    if not active_mus.any():
        return 0.0, None
    r = scalable_disentanglement_score(ys_discrete.T, active_mus.T, diff_quantile)
    return float(r["avg_score"]), r["IRS_matrix"]


# --- Candela's UC (Uc.java, TOPK) on the IRS matrix ---------------------------------------------
def unconfoundedness(irs_matrix, rho):
    num_factors = irs_matrix.shape[1]
    sets = []
    for f in range(num_factors):
        # stable sort of the negated column: the largest first, ties to the lower index
        sets.append(set(np.argsort(-irs_matrix[:, f], kind="stable")[:rho].tolist()))
    jaccard = [
        len(sets[i] & sets[j]) / len(sets[i] | sets[j])
        for i in range(num_factors)
        for j in range(i + 1, num_factors)
    ]
    return 1.0 - float(np.mean(jaccard))


# --- disentanglement_lib evaluation/metrics/mig.py ----------------------------------------------
def _compute_mig(mus_train, ys_train):
    """Computes score based on both training and testing codes and factors (verbatim)."""
    score_dict = {}
    discretized_mus = _histogram_discretize(mus_train)
    m = discrete_mutual_info(discretized_mus, ys_train)
    assert m.shape[0] == mus_train.shape[0]
    assert m.shape[1] == ys_train.shape[0]
    entropy = discrete_entropy(ys_train)
    sorted_m = np.sort(m, axis=0)[::-1]
    score_dict["discrete_mig"] = np.mean(np.divide(sorted_m[0, :] - sorted_m[1, :], entropy[:]))
    return score_dict


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--latents", required=True)
    p.add_argument("--factors", required=True)
    p.add_argument("--metrics", default="irs,uc,mig")
    p.add_argument("--rho", default="1,2")
    p.add_argument("--dtype", choices=["float64", "float32"], default="float64")
    a = p.parse_args()
    metrics = [m.strip() for m in a.metrics.split(",") if m.strip()]
    if "mig" in metrics:
        try:
            import sklearn  # noqa: F401
        except ImportError:
            print("the numpy reference needs scikit-learn for MIG; it is not installed", file=sys.stderr)
            sys.exit(3)
    times = {}
    scores = {}
    t0 = time.perf_counter()
    latents = np.load(a.latents)
    factors = np.load(a.factors)
    if a.dtype == "float64":
        latents = latents.astype(np.float64)
    mus = latents.T  # disentanglement_lib's [D, N] layout
    ys = factors.T
    times["read"] = time.perf_counter() - t0
    irs_matrix = None
    if "irs" in metrics or "uc" in metrics:
        t0 = time.perf_counter()
        scores["irs"], irs_matrix = compute_irs(mus, ys)
        times["irs"] = time.perf_counter() - t0
    if "uc" in metrics:
        t0 = time.perf_counter()
        for rho in [int(r) for r in a.rho.split(",")]:
            scores["uc@%d" % rho] = unconfoundedness(irs_matrix, rho)
        times["uc"] = time.perf_counter() - t0
    if "mig" in metrics:
        t0 = time.perf_counter()
        scores["mig"] = float(_compute_mig(mus, ys)["discrete_mig"])
        times["mig"] = time.perf_counter() - t0
    try:
        import sklearn

        sklearn_version = sklearn.__version__
    except ImportError:
        sklearn_version = None
    out = {
        "times": times,
        "scores": scores,
        "rows": int(latents.shape[0]),
        "latents": int(latents.shape[1]),
        "dtype": a.dtype,
        "numpy": np.__version__,
        "sklearn": sklearn_version,
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
