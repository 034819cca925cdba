#!/usr/bin/env python3
"""The peers' own cost of Candela's newer metrics, on the rows `candela bench metrics` times.

`candela bench metrics --peers DIR` writes its synthetic codes as .npy (latents float32 [N, D],
factors int64 [N, F]) and the row indices of its learned metrics' train/test split (int64), runs
this script as a child on them and prints the peers' times beside Candela's
(docs/metrics-speed.md). For each requested metric this script loads the peer's function from its
checkout under DIR, with the loading and stubbing of that metric's fixture script (imported from
scripts/*-fixtures.py, not copied), runs it on the same rows and prints ONE JSON line:

  {"metric": name, "peer": what ran, "stages": [Candela's timing stages], "rows": rows timed,
   "fullRows": rows Candela scores, "complete": rows == fullRows, "seconds": the peer's wall time,
   "values": {Candela's score key: the peer's value}, "tries": [[rows, seconds], ...],
   "note": why rows < fullRows, or how the values relate}

DIR holds one folder per peer (`git --git-dir=<mirror> archive HEAD | tar -x -C DIR/<name>`):

  disentanglement_lib                       google-research/disentanglement_lib
  ubisoft-laforge-disentanglement-metrics   ubisoft/ubisoft-laforge-disentanglement-metrics
  pyitlib                                   pafoster/pyitlib
  disentangling-correlated-factors          facebookresearch/disentangling-correlated-factors
                                            (dent/metrics is enough)
  qedr                                      cianeastwood/qedr

Metrics on all rows are first timed on the first 10^3 rows, then on 10x more while the time the
last two sizes predict (power law, exponent at least 1) stays under --budget seconds, then on all
N rows; each run is also stopped by an alarm at 2 x --budget. When the peer stops short of N, its
line says so and bench times Candela again on the same first `rows` rows. The learned metrics
(DCI lasso / random-forest, SAP continuous, explicitness) run on Candela's capped split (the
rows of --train-rows / --test-rows), as Candela does, so their cost is flat in N; each is
timed as the best of up to 3 calls while their sum stays under 10 s (bench times Candela's the same
way beside them, after its first, cold call).

THE TABLE: `METRICS` below, one entry per metric (peer, Candela stages, row scope, function).
A new metric (unified scores, downstream accuracy, DCI-ES ...) is one more entry there.

Run (Debian's numpy 1.24, scipy 1.10, scikit-learn 1.2.1, torch 1.13 CPU; one thread):

    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 /usr/bin/python3 scripts/peer-timings.py \\
        --peers /tmp/peers --codes latents.npy --factors factors.npy \\
        --train-rows train.npy --test-rows test.npy [--metrics mig_sup,jemmig,...] [--budget 120]
"""
import argparse
import importlib.util
import json
import os
import signal
import sys
import time
import types

import numpy as np

SCRIPTS = os.path.dirname(os.path.abspath(__file__))
BINS = 20
_loaded = {}


def fixture_script(name):
    """Imports scripts/<name>.py (a fixture script) as a module, for its peer loading helpers."""
    if name not in _loaded:
        spec = importlib.util.spec_from_file_location(
            name.replace("-", "_"), os.path.join(SCRIPTS, name + ".py"))
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        _loaded[name] = mod
    return _loaded[name]


# --- the peers, loaded as their fixture scripts load them ------------------------------------------
def dlib_unsupervised(peers):
    """disentanglement_lib's unsupervised_metrics and utils with unsupervised-fixtures.py's gin
    stand-in (bindings of unsupervised.gin). Loaded before any other disentanglement_lib module,
    so that utils' configurable functions carry those bindings."""
    key = "dlib-unsupervised"
    if key not in _loaded:
        _loaded[key] = fixture_script("unsupervised-fixtures").import_peer(
            os.path.join(peers, "disentanglement_lib"))
    return _loaded[key]


def mi_peers(peers):
    """ubisoft's mig_sup / jemmig / dcimig, pyitlib, disentanglement_lib's _compute_sap
    (mi-metrics-fixtures.py's import_peers)."""
    key = "mi-peers"
    if key not in _loaded:
        dlib_unsupervised(peers)
        args = types.SimpleNamespace(
            ubisoft=os.path.join(peers, "ubisoft-laforge-disentanglement-metrics"),
            pyitlib=os.path.join(peers, "pyitlib"),
            dlib=os.path.join(peers, "disentanglement_lib"))
        _loaded[key] = fixture_script("mi-metrics-fixtures").import_peers(args)
    return _loaded[key]


def dlib_explicitness(peers):
    dlib_unsupervised(peers)
    from disentanglement_lib.evaluation.metrics import modularity_explicitness, utils

    return modularity_explicitness, utils


def qedr(peers):
    key = "qedr"
    if key not in _loaded:
        sys.path.insert(0, os.path.join(peers, "qedr"))
        from lib.eval import regression

        _loaded[key] = regression
    return _loaded[key]


def fos_peer(peers):
    key = "fos"
    if key not in _loaded:
        _loaded[key] = fixture_script("fos-dcies-fixtures").import_peer(
            os.path.join(peers, "disentangling-correlated-factors"))
    return _loaded[key]


# --- the runs: each takes (peers, z float32 [n, D], f int64 [n, F]) or the split, returns values ---
def run_mi(which):
    def run(peers, z, f):
        mig_sup, jemmig, dcimig, _, _ = mi_peers(peers)
        fn = {"mig_sup": mig_sup, "jemmig": jemmig, "dcimig": dcimig}[which]
        # Candela's bins (disentanglement_lib's histogram_discretize) as the fixtures pass them
        binned = fixture_script("mi-metrics-fixtures").candela_bins(z).astype(np.float64)
        key = which + " (latent-normalised)" if which == "mig_sup" else which
        return {key: float(fn(f, binned, continuous_factors=False, nb_bins=BINS))}

    return run


def run_gaussian_tc(peers, z, f):
    um, _ = dlib_unsupervised(peers)
    cov = np.cov(z.astype(np.float64).T)
    return {"gaussian_tc": float(np.real(um.gaussian_total_correlation(cov)))}


def run_gaussian_wc(peers, z, f):
    um, _ = dlib_unsupervised(peers)
    cov = np.cov(z.astype(np.float64).T)
    wc = complex(um.gaussian_wasserstein_correlation(cov))
    return {"gaussian_wc": wc.real, "gaussian_wc_norm": wc.real / float(np.sum(np.diag(cov)))}


def run_latent_mi(peers, z, f):
    _, utils = dlib_unsupervised(peers)
    mus = z.astype(np.float64).T
    d = utils.make_discretizer(mus)
    m = utils.discrete_mutual_info(d, d)
    np.fill_diagonal(m, 0)
    k = mus.shape[0]
    return {"latent_mi": float(np.sum(m) / (k * k - k))}


def run_fos(peers, z, f, batch):
    FoS, randFoS = fos_peer(peers)
    s = fixture_script("fos-dcies-fixtures").stats(z)
    np.random.seed(0)
    fos = float(FoS(num_pairs=-1, batch_size=batch, device="cpu")(s)["fos"])
    np.random.seed(0)
    rand = float(randFoS(num_pairs=-1, batch_size=batch, device="cpu")(s)["fos"])
    return {"fos": fos, "rand_fos": rand}


def run_sap(peers, split):
    _, _, _, compute_sap, _ = mi_peers(peers)
    (z_tr, f_tr), (z_te, f_te) = split
    # the paper's SAP (lines fitted on the test rows), Candela's score: the fixtures' call
    return {"sap_continuous": float(compute_sap(z_te.T, f_te.T, z_tr.T, f_tr.T, True)["SAP_score"])}


def run_explicitness(peers, split):
    me, utils = dlib_explicitness(peers)
    (z_tr, f_tr), (z_te, f_te) = split
    mus_tr, mean, sd = utils.normalize_data(z_tr.astype(np.float64).T)
    mus_te, _, _ = utils.normalize_data(z_te.astype(np.float64).T, mean, sd)
    test = [me.explicitness_per_factor(mus_tr, f_tr[:, i], mus_te, f_te[:, i])[1]
            for i in range(f_tr.shape[1])]
    return {"explicitness": float(np.mean(test))}


def run_dci(learner):
    stage = "dci " + learner

    def run(peers, split):
        fx = fixture_script("dci-learner-fixtures")
        (z_tr, f_tr), (z_te, f_te) = split
        R, _, test_err, _ = fx.fit(qedr(peers), learner, z_tr, f_tr, z_te, f_te, 0)
        d, c = fx.entropy_scores(R)
        return {stage + ":dci.disentanglement": d, stage + ":dci.completeness": c,
                stage + ":dci.informativeness": float(np.mean([1.0 - e for e in test_err]))}

    return run


UBI = "ubisoft-laforge-disentanglement-metrics src/metrics/%s.py::%s (pyitlib), on Candela's bins"
DL = "disentanglement_lib evaluation/metrics/"
# name -> (peer, Candela's timing stages, scope: "all" rows | "split" | ("capped", rows), run, note)
METRICS = {
    "mig_sup": (UBI % ("mig_sup", "mig_sup"), ["mig_sup"], "all", run_mi("mig_sup"),
                "the peer normalises by H(z_j): compared with Candela's detail latentNormalisedScore"),
    "jemmig": (UBI % ("jemmig", "jemmig"), ["jemmig"], "all", run_mi("jemmig"), ""),
    "dcimig": (UBI % ("dcimig", "dcimig"), ["dcimig"], "all", run_mi("dcimig"), ""),
    "gaussian_tc": (DL + "unsupervised_metrics.py np.cov + gaussian_total_correlation",
                    ["gaussian_tc"], "all", run_gaussian_tc, ""),
    "gaussian_wc": (DL + "unsupervised_metrics.py np.cov + gaussian_wasserstein_correlation",
                    ["gaussian_wc,gaussian_wc_norm"], "all", run_gaussian_wc, ""),
    "latent_mi": (DL + "unsupervised_metrics.py make_discretizer + discrete_mutual_info",
                  ["latent_mi"], "all", run_latent_mi, ""),
    "fos": ("disentangling-correlated-factors dent/metrics/fos.py FoS + rand_fos.py randFoS "
            "(num_pairs=-1, B=128, float64)", ["fos,rand_fos"], ("capped", 10_000),
            lambda peers, z, f: run_fos(peers, z, f, 128),
            "both on at most 10^4 rows (Candela's cap): the peer's first rows in order, Candela's "
            "a seeded permutation; values differ by the batches drawn"),
    "sap_continuous": (DL + "sap_score.py _compute_sap(continuous_factors=True) on (test, train)",
                       ["sap_continuous (capped split)"], "split", run_sap, ""),
    "explicitness": (DL + "modularity_explicitness.py normalize_data + explicitness_per_factor",
                     ["explicitness (capped split)"], "split", run_explicitness, ""),
    "dci_lasso": ("qedr lib/eval/regression.py normalize, nrmse + sklearn Lasso(alpha=0.02)",
                  ["dci lasso (capped split)"], "split", run_dci("lasso"), ""),
    "dci_random_forest": ("qedr lib/eval/regression.py normalize, nrmse + sklearn "
                          "RandomForestRegressor(10 trees, depth 10, random_state 0)",
                          ["dci random-forest (capped split)"], "split",
                          run_dci("random-forest"),
                          "seeded forests: values agree within sklearn's seed spread"),
}


# the learned metrics on the split: best of up to 3 calls while their sum stays under 10 s
# (BenchMetricsCommand.WARM_REPEATS and WARM_BUDGET_SECONDS on Candela's side)
WARM_REPEATS = 3
WARM_BUDGET = 10.0


class OverBudget(Exception):
    pass


def _alarm(signum, frame):
    raise OverBudget()


def timed(fn, seconds):
    """(seconds, values) of fn(), or (None, why) when it ran past the alarm or out of memory."""
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(max(1, int(seconds)))
    t0 = time.perf_counter()
    try:
        values = fn()
        return time.perf_counter() - t0, values
    except OverBudget:
        return None, "stopped at %g s" % max(1, int(seconds))
    except MemoryError:
        return None, "out of memory"
    except RuntimeError as e:  # torch's allocator
        if "allocate" not in str(e):
            raise
        return None, "out of memory (%s)" % str(e).split(":")[-2].strip()[:80]
    finally:
        signal.alarm(0)


def ladder(n, start=1_000):
    sizes = []
    s = min(start, n)
    while s < n:
        sizes.append(s)
        s *= 10
    return sizes + [n]


def run_all_rows(peers, fn, z, f, n, budget):
    """Times fn on growing prefixes; returns (rows, seconds, values, tries, note)."""
    tries, best, note = [], None, ""
    for rows in ladder(n):
        if tries:
            r1, t1 = tries[-1]
            e = 1.0
            if len(tries) >= 2:
                r0, t0 = tries[-2]
                if t0 > 0 and t1 > 0:
                    e = max(1.0, float(np.log(t1 / t0) / np.log(r1 / r0)))
            predicted = t1 * (rows / r1) ** e
            if predicted > budget:
                note = "peer stopped at %d rows: %d rows would take about %.0f s (> %g s)" % (
                    r1, rows, predicted, budget)
                break
        t, values = timed(lambda: fn(peers, z[:rows], f[:rows]), 2 * budget)
        if t is None:
            note = "peer stopped at %d rows: %d rows %s" % (best[0], rows, values) if best else (
                "peer did not finish %d rows: %s" % (rows, values))
            break
        tries.append((rows, t))
        best = (rows, t, values)
    if best is None:
        return None, None, None, tries, note
    return best[0], best[1], best[2], tries, note


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--peers", required=True, help="folder of the peers' checkouts")
    p.add_argument("--codes", required=True, help="latents .npy, float32 [N, D]")
    p.add_argument("--factors", required=True, help="factors .npy, int64 [N, F]")
    p.add_argument("--train-rows", help="the learned metrics' train row indices (.npy int64)")
    p.add_argument("--test-rows", help="their test row indices")
    p.add_argument("--metrics", default=",".join(METRICS))
    p.add_argument("--budget", type=float, default=120.0,
                   help="seconds a peer may take at one size (default 120)")
    a = p.parse_args()
    peers = os.path.abspath(a.peers)
    z = np.load(a.codes)
    f = np.load(a.factors)
    n = int(z.shape[0])
    split = None
    if a.train_rows and a.test_rows:
        tr, te = np.load(a.train_rows), np.load(a.test_rows)
        split = ((z[tr], f[tr]), (z[te], f[te]))
    for name in [m.strip() for m in a.metrics.split(",") if m.strip()]:
        if name not in METRICS:
            raise SystemExit("no peer timing for %r; known: %s" % (name, ", ".join(METRICS)))
        peer, stages, scope, fn, note = METRICS[name]
        # untimed warm-up on a few rows: imports the peer (and torch) outside the timings
        try:
            if scope == "split" and split is not None:
                fn(peers, ((split[0][0][:300], split[0][1][:300]),
                           (split[1][0][:200], split[1][1][:200])))
            elif scope != "split":
                fn(peers, z[:500], f[:500])
        except Exception:  # a class missing from 300 rows: the import is done all the same
            pass
        line = {"metric": name, "peer": peer, "stages": stages, "fullRows": n}
        if scope == "split":
            if split is None:
                raise SystemExit("%s needs --train-rows and --test-rows" % name)
            rows = int(len(split[0][0]) + len(split[1][0]))
            # the best of up to WARM_REPEATS calls while their sum is under WARM_BUDGET seconds,
            # as bench times Candela's learned metrics beside these (after its own first call)
            t, values = timed(lambda: fn(peers, split), 2 * a.budget)
            times = [t] if t is not None else []
            while times and len(times) < WARM_REPEATS and sum(times) < WARM_BUDGET:
                again, _ = timed(lambda: fn(peers, split), 2 * a.budget)
                if again is None:
                    break
                times.append(again)
            t = min(times) if times else None
            line.update(rows=rows, fullRows=rows, tries=[[rows, x] for x in times],
                        split=[int(len(split[0][0])), int(len(split[1][0]))])
            if t is None:
                line.update(complete=False, seconds=None, values={}, note="peer " + values)
            else:
                line.update(complete=True, seconds=t, values=values, note=note)
        else:
            cap = n if scope == "all" else min(n, scope[1])
            rows, t, values, tries, why = run_all_rows(peers, fn, z[:cap], f[:cap], cap, a.budget)
            line.update(rows=rows, fullRows=cap, complete=rows == cap, seconds=t,
                        values=values or {}, tries=[[r, s] for r, s in tries],
                        note="; ".join(x for x in (why, note) if x))
        print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
