"""Candela from Python: score latent codes, export a PyTorch VAE, evaluate it.

    import candela
    r = candela.score_codes(factors, latents, factor_names=["shape", "scale"], metrics=["irs", "mig"])
    r.scores["mig"], r.uncertainty["mig"]["se"], r.warnings, r.to_pandas()
    candela.export_vae(my_vae, "models/my-vae", dataset="dsprites")
    r = candela.evaluate("models/my-vae", samples=600, replicates=0)   # or evaluate(my_vae, ...)
    candela.compare({"a": r1, "b": r2})            # side by side; a table in Jupyter
    with candela.Monitor("dsprites", metrics=["mig", "irs"], samples=10000) as mon:
        mon.score(my_vae)                          # during training: {"mig": .., "mig.se": ..}

Results show as HTML in Jupyter (headline table, warnings, figures). The package drives
Candela's jar: the installed package carries its own (pip install ./python from a checkout);
CANDELA_HOME (the root of a Candela checkout) overrides it, and a source tree uses the
checkout it sits in or a `candela` launcher on PATH. It needs a Java 17+ (JAVA_HOME or PATH). Keyword options are the command's long options with
`-` written `_` (samples=600, metrics=["irs", "mig"], replicates=0, factor_bins="none"). Failures
raise CandelaError carrying Candela's one-line message. Needs numpy; pandas for to_pandas(),
PyTorch for export_vae() and for evaluate() of a module.
"""
import json
import math
import os
import tempfile

from candela._runner import CandelaError, command, home  # noqa: F401
from candela import _arrays, _runner
from candela.monitor import Monitor  # noqa: E402,F401

__all__ = ["CandelaError", "Result", "Comparison", "Monitor", "score_codes", "export_vae",
           "evaluate", "compare"]
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
        self.title = report.get("title")
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
        return _pandas().DataFrame(self.rows(), columns=["metric", "value", "se", "ci_lo",
                                                         "ci_hi"])

    @property
    def html(self):
        """The report.html of an evaluate run, or None."""
        if self.out is None:
            return None
        p = os.path.join(self.out, "report.html")
        return p if os.path.isfile(p) else None

    def _repr_html_(self):
        """Jupyter's view: the headline table (value ± se, 95% interval, method), the warnings
        and the main figures inline."""
        from candela import _html
        return _html.result_html(self)

    def __repr__(self):
        lines = ["%-24s %10s %10s" % ("metric", "value", "se")]
        for r in self.rows():
            lines.append("%-24s %10.4f %10.4f" % (r["metric"], r["value"], r["se"]))
        lines += ["warning: " + w for w in self.warnings]
        return "\n".join(lines)


class Comparison:
    """Several results side by side: names, results, metrics (the union of their score keys, in
    first-seen order). rows() / to_pandas(): long format with a `name` column; table(): one row
    per metric, one "value ± se" column per result; shown as an HTML table in Jupyter."""

    def __init__(self, results, names=None):
        if isinstance(results, dict):
            names = list(results) if names is None else names
            results = list(results.values())
        results = list(results)
        if not results:
            raise CandelaError("compare: want at least one result, got none")
        for k, r in enumerate(results):
            if not isinstance(r, Result):
                raise CandelaError("compare: item %d is a %s, not a candela.Result"
                                   % (k, type(r).__name__))
        if names is None:
            names = [r.title or "result %d" % (k + 1) for k, r in enumerate(results)]
        names = [str(n) for n in names]
        if len(names) != len(results):
            raise CandelaError("compare: %d names for %d results" % (len(names), len(results)))
        self.results = results
        self.names = names
        seen = {}
        for r in results:
            for m in r.scores:
                seen.setdefault(m, None)
        self.metrics = list(seen)

    def rows(self):
        """One dict per (result, score): name, metric, value, se, ci_lo, ci_hi."""
        return [dict(name=n, **row) for n, r in zip(self.names, self.results) for row in r.rows()]

    def to_pandas(self):
        """The long-format table as a DataFrame (name, metric, value, se, ci_lo, ci_hi)."""
        pd = _pandas()
        return pd.DataFrame(self.rows(), columns=["name", "metric", "value", "se", "ci_lo",
                                                  "ci_hi"])

    def table(self):
        """{metric: {name: "value ± se"}} (missing scores left out)."""
        out = {}
        for m in self.metrics:
            out[m] = {}
            for n, r in zip(self.names, self.results):
                if m in r.scores:
                    se = (r.uncertainty.get(m) or {}).get("se")
                    out[m][n] = "%.4f ± %s" % (r.scores[m], "—" if se is None else "%.4f" % se)
        return out

    def _repr_html_(self):
        from candela import _html
        return _html.compare_html(self)

    def __repr__(self):
        width = max([len(n) for n in self.names] + [17])
        lines = ["%-24s " % "metric" + " ".join("%*s" % (width, n) for n in self.names)]
        t = self.table()
        for m in self.metrics:
            lines.append("%-24s " % m + " ".join("%*s" % (width, t[m].get(n, "—"))
                                                  for n in self.names))
        return "\n".join(lines)


def compare(results, names=None):
    """The comparison table of several results (a list, or {name: Result} as evaluate returns
    for several models); names default to the dict's keys or the reports' titles."""
    return Comparison(results, names)


def _pandas():
    try:
        import pandas as pd
    except ImportError:
        raise CandelaError("to_pandas() needs pandas (pip install pandas, or apt-get install"
                           " python3-pandas); rows() gives the same table as dicts")
    return pd


def _num(v):
    return math.nan if v is None else float(v)


def _write_table(x, base, names, integer):
    """A path as is, or an array / DataFrame / tensor written to .npy (numbers) or .csv (text
    values), checked first (_arrays). Returns (path, column names or None)."""
    import numpy as np
    name = os.path.basename(base)
    a, found = _arrays.factors(x, name) if integer else _arrays.latents(x, name)
    names = names if names is not None else found
    if isinstance(a, str):
        return a, names
    if a.dtype != object:
        path = base + ".npy"
        np.save(path, a)
        return path, names
    import csv
    path = base + ".csv"
    cols = names or ["f%d" % k for k in range(a.shape[1])]
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(cols)
        w.writerows(a.tolist())
    return path, None


def score_codes(factors, latents, factor_names=None, metrics=None, latent_names=None, **options):
    """Scores latent codes against factors with `candela score-codes`; returns a Result.

    factors: (N, K) integer codes or values (a numpy array of any integer, float, bool or text
    dtype, a pandas DataFrame or Series, a torch tensor, a list, or a CSV/.npy path); latents:
    (N, D) finite numbers (same forms). A wrong shape, NaN or infinity raises CandelaError
    naming the argument and the value. factor_names / latent_names name the columns (default:
    a DataFrame's columns, else f0.. and z0..). metrics: some of the metrics computed from codes,
    "irs", "uc", "mig", "dci", "sap", "modularity", "explicitness" (default all but the opt-in
    "fos", "unified", "downstream", "downstream-gbt", "dci-es", "betavae" and "factorvae"; cg and
    scm need a model: evaluate). options: score-codes' long options, e.g.
    rho=[1, 2], replicates=0, seed=3, factor_bins="none", irs_quantile=1.0 (the paper's; default
    0.99), dci_learner="lasso" (or "sklearn-gbt", "xgboost", "random-forest").
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
    replicates=0, classifier="models/dsprites-classifier", cg_baseline="mean",
    cg_readout="exact" for the paper's CG read-out instead of the tolerant default, ...).
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
