"""Candela from Python: score latent codes, export a PyTorch VAE, evaluate it.

    import candela
    r = candela.score_codes(factors, latents, factor_names=["shape", "scale"], metrics=["irs", "mig"])
    r.scores["mig"], r.uncertainty["mig"]["se"], r.warnings, r.to_pandas()
    candela.export_vae(my_vae, "models/my-vae", dataset="dsprites")
    r = candela.evaluate("models/my-vae", samples=600, replicates=0)   # or evaluate(my_vae, ...)

The package drives Candela's jar: it finds it through CANDELA_HOME (the root of a Candela
checkout) or a `candela` launcher on PATH. Keyword options are the command's long options with
`-` written `_` (samples=600, metrics=["irs", "mig"], replicates=0, factor_bins="none"). Failures
raise CandelaError carrying Candela's one-line message. Needs numpy; pandas for to_pandas(),
PyTorch for export_vae() and for evaluate() of a module.
"""
import json
import math
import os
import tempfile

from candela._runner import CandelaError, command, home  # noqa: F401
from candela import _runner

__all__ = ["CandelaError", "Result", "score_codes", "export_vae", "evaluate"]
__version__ = "0.1.0"


class Result:
    """A finished report.

    scores: {metric: value}; uncertainty: {metric: {"se", "ci95", "method", ...}} (a metric is
    missing when its intervals were off); warnings: [str]; details and provenance: as in the JSON;
    report: the whole JSON document; out: the output folder (evaluate), or None.
    """

    def __init__(self, report, out=None):
        self.report = report
        self.scores = dict(report.get("scores") or {})
        self.uncertainty = dict(report.get("uncertainty") or {})
        self.warnings = list(report.get("warnings") or [])
        self.details = report.get("details") or {}
        self.provenance = report.get("provenance") or {}
        self.out = out

    def __getitem__(self, metric):
        return self.scores[metric]

    def rows(self):
        """Long format: one dict per score with metric, value, se, ci_lo, ci_hi (NaN when the
        score has no uncertainty)."""
        rows = []
        for metric, value in self.scores.items():
            u = self.uncertainty.get(metric) or {}
            ci = u.get("ci95") or [math.nan, math.nan]
            rows.append({
                "metric": metric,
                "value": _num(value),
                "se": _num(u.get("se")),
                "ci_lo": _num(ci[0]),
                "ci_hi": _num(ci[1]),
            })
        return rows

    def to_pandas(self):
        """A pandas DataFrame in long format: metric, value, se, ci_lo, ci_hi."""
        try:
            import pandas as pd
        except ImportError:
            raise CandelaError("to_pandas() needs pandas (pip install pandas, or apt-get install"
                               " python3-pandas); rows() gives the same table as dicts")
        return pd.DataFrame(self.rows(), columns=["metric", "value", "se", "ci_lo", "ci_hi"])

    @property
    def html(self):
        """The report.html of an evaluate run, or None."""
        if self.out is None:
            return None
        p = os.path.join(self.out, "report.html")
        return p if os.path.isfile(p) else None

    def __repr__(self):
        lines = ["%-24s %10s %10s" % ("metric", "value", "se")]
        for r in self.rows():
            lines.append("%-24s %10.4f %10.4f" % (r["metric"], r["value"], r["se"]))
        lines += ["warning: " + w for w in self.warnings]
        return "\n".join(lines)


def _num(v):
    return math.nan if v is None else float(v)


def _write_table(x, base, names, integer):
    """A path as is, or an array / DataFrame written to .npy (numbers) or .csv (text values).

    Returns (path, column names or None).
    """
    if isinstance(x, (str, os.PathLike)):
        return os.fspath(x), names
    import numpy as np
    if hasattr(x, "columns") and hasattr(x, "to_numpy"):  # a pandas DataFrame
        names = names or [str(c) for c in x.columns]
        x = x.to_numpy()
    a = np.asarray(x)
    if a.ndim == 1:
        a = a.reshape(-1, 1)
    if a.ndim != 2:
        raise CandelaError("%s: want a 2-D array (rows = samples), got shape %s"
                           % (os.path.basename(base), list(a.shape)))
    if a.dtype.kind in "biu":
        path = base + ".npy"
        np.save(path, a.astype(np.int64) if a.dtype.kind != "b" else a)
    elif a.dtype.kind == "f":
        path = base + ".npy"
        np.save(path, a.astype(np.float64))
    elif integer:
        import csv
        path = base + ".csv"
        cols = names or ["f%d" % k for k in range(a.shape[1])]
        with open(path, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(cols)
            w.writerows(a.tolist())
        return path, None
    else:
        raise CandelaError("latents: want numbers, got an array of dtype %s" % a.dtype)
    return path, names


def score_codes(factors, latents, factor_names=None, metrics=None, latent_names=None, **options):
    """Scores latent codes against factors with `candela score-codes`; returns a Result.

    factors: (N, K) integer codes or values (numpy array, DataFrame, or a CSV/.npy path);
    latents: (N, D) numbers (same forms). factor_names / latent_names name the columns (default:
    a DataFrame's columns, else f0.. and z0..). metrics: e.g. ["irs", "uc", "mig"] (default all).
    options: score-codes' long options, e.g. rho=[1, 2], replicates=0, seed=3, factor_bins="none".
    """
    with tempfile.TemporaryDirectory(prefix="candela-") as tmp:
        fpath, fnames = _write_table(factors, os.path.join(tmp, "factors"), factor_names, True)
        lpath, lnames = _write_table(latents, os.path.join(tmp, "latents"), latent_names, False)
        jpath = os.path.join(tmp, "report.json")
        args = ["score-codes", "--factors", fpath, "--latents", lpath, "--json", jpath]
        if fnames and fpath.endswith(".npy"):
            args += ["--factor-names", ",".join(map(str, fnames))]
        if lnames and lpath.endswith(".npy"):
            args += ["--latent-names", ",".join(map(str, lnames))]
        if metrics is not None:
            options["metrics"] = [metrics] if isinstance(metrics, str) else metrics
        _runner.run(args + _runner.options(options))
        with open(jpath) as f:
            return Result(json.load(f))


def export_vae(module, out_dir, dataset="dsprites", factors=None, channels=None, side=None,
               latent_dim=None, output=None, seed=0):
    """Traces a PyTorch VAE into a Candela model folder; returns the folder's path.

    module: an nn.Module with encode()/decode() methods or encoder/decoder submodules, or the
    path of a pickled module / TorchScript file. dataset: a Candela dataset specification
    (dsprites, mpi3d, 3dshapes, candle, toy); factors (names or name:size, in order), channels and
    side default to it. output: "logits" or "probabilities" (default: probabilities when the
    decoder's outputs lie in [0, 1]).
    """
    from candela import export as ex
    try:
        if isinstance(module, (str, os.PathLike)):
            path = os.fspath(module)
            module = ex.module_of(ex.load_file(path), path)
        out, _ = ex.export(module, os.fspath(out_dir), dataset=dataset, factors=factors,
                           channels=channels, side=side, latent_dim=latent_dim, output=output,
                           seed=seed, command="candela.export_vae(%s, %r, dataset=%r)"
                           % (type(module).__name__, os.fspath(out_dir), dataset),
                           log=lambda s: None)
        return out
    except ex.ExportError as e:
        raise CandelaError("export_vae: %s" % e) from None


def _is_model_file(path):
    return os.path.isfile(path) and path.lower().endswith((".pt", ".pth", ".ckpt"))


def evaluate(model, dataset=None, out=None, echo=True, export_options=None, **options):
    """Runs `candela evaluate`; returns a Result (or {name: Result} for several models).

    model: a model folder (or a list file / folder of model folders), a TorchScript or pickled
    module file, or an nn.Module (both exported on the fly with export_vae(**export_options) into
    OUT/model). dataset: the dataset path (default: Candela's generated dSprites data). out: the
    output folder (default: a new temporary folder). echo: copy Candela's progress and messages
    to sys.stderr. options: evaluate's long options (samples=600, metrics=["irs", "mig"],
    replicates=0, classifier="models/dsprites-classifier", ...).
    """
    out = os.path.abspath(os.fspath(out)) if out is not None else tempfile.mkdtemp(
        prefix="candela-evaluate-")
    if not isinstance(model, (str, os.PathLike)) or _is_model_file(os.fspath(model)):
        model = export_vae(model, os.path.join(out, "model"), **(export_options or {}))
    args = ["evaluate", "--model", os.fspath(model), "--out", out]
    if dataset is not None:
        args += ["--dataset", os.fspath(dataset)]
    _runner.run(args + _runner.options(options), echo=echo)
    single = os.path.join(out, "report.json")
    if os.path.isfile(single):
        with open(single) as f:
            return Result(json.load(f), out=out)
    results = {}
    for name in sorted(os.listdir(out)):
        p = os.path.join(out, name, "report.json")
        if os.path.isfile(p):
            with open(p) as f:
                results[name] = Result(json.load(f), out=os.path.join(out, name))
    return results
