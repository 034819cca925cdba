"""Scoring a model during training: candela.Monitor.

    with candela.Monitor("dsprites", metrics=["mig", "irs"], samples=10000) as mon:
        for epoch in range(epochs):
            train_one_epoch(vae)
            writer.add_scalars("disentanglement", mon.score(vae), epoch)   # {"mig": .., "mig.se": ..}

The monitor starts one Candela process (`candela monitor`) that draws a fixed sample of the
dataset once (the rows `evaluate` would draw with the same --samples and --seed) and writes its
images and factor codes; each score() encodes those images with the user's module, in this
process (torch, the module's own device, no export), and sends the encoder means to the Candela
process, which scores them with `score-codes`' metrics and options and answers with the report.
The process is kept between calls and closed with the monitor.
"""
import collections
import json
import os
import shutil
import subprocess
import tempfile
import threading

from candela import _arrays, _runner
from candela._runner import CandelaError

# metrics computed from codes (`candela monitor` scores them); "cg" goes through evaluate
CG = "cg"


class Monitor:
    """A long-lived scorer of a fixed held-out sample.

    dataset: a dataset path (.npz, .h5, a CANDLE or factor folder) or "dsprites" (the generated
    dSprites set `evaluate` uses by default). metrics: score-codes' metrics (default all of them);
    "cg" adds CG, computed by `candela evaluate` on the module exported on the fly (a JVM and an
    export per call: much slower than the code metrics). samples: rows of the fixed sample. seed:
    the sample's and the metrics' seed. batch_size: images per encoder call. options:
    score-codes' long options (rho=[1, 2], replicates=0, refits=2, factor_bins="none", ...).
    cg_options: evaluate's options for CG (cg_samples=..., classifier=...). echo: copy Candela's
    messages to sys.stderr.
    """

    def __init__(self, dataset="dsprites", metrics=None, samples=10000, seed=0, batch_size=256,
                 echo=False, cg_options=None, **options):
        metrics = [metrics] if isinstance(metrics, str) else metrics
        self.cg = metrics is not None and CG in metrics
        code_metrics = None if metrics is None else [m for m in metrics if m != CG]
        self.dataset = os.fspath(dataset)
        self.samples = int(samples)
        self.seed = int(seed)
        self.batch_size = int(batch_size)
        self.cg_options = dict(cg_options or {})
        self.last = None
        self._calls = 0
        self._proc = None
        self._echo = echo
        self._err = collections.deque(maxlen=200)
        self._work = tempfile.mkdtemp(prefix="candela-monitor-")
        opts = dict(options)
        self._code_metrics = code_metrics
        if code_metrics is not None:
            if not code_metrics:
                code_metrics = ["irs"]  # CG alone: the code metrics' process still draws the sample
            opts["metrics"] = code_metrics
        args = ["monitor", "--work", self._work, "--dataset", self.dataset, "--samples",
                str(self.samples), "--seed", str(self.seed)] + _runner.options(opts)
        try:
            cmd = _runner.command(args) + args
            self._proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                          stderr=subprocess.PIPE, text=True, bufsize=1)
        except OSError as e:
            self._cleanup()
            raise CandelaError("cannot run %s: %s" % (cmd[0], e), 1, cmd) from None
        except CandelaError:
            self._cleanup()
            raise
        self._reader = threading.Thread(target=self._drain, daemon=True)
        self._reader.start()
        try:
            ready = self._answer()
        except BaseException:
            self.close()  # a refused start leaves no process and no files
            raise
        if "ready" not in ready:
            self.close()
            raise CandelaError("candela monitor: unexpected first line %r" % ready, 1)
        info = ready["ready"]
        import numpy as np
        self.images = np.load(info["images"], mmap_mode="r")
        self.factors = np.load(info["factors"])
        self.index = np.load(info["index"])
        self.factor_names = list(info["factorNames"])
        self.dataset_path = info["dataset"]

    # -- the Candela process --------------------------------------------------------------
    def _drain(self):
        import sys
        for line in self._proc.stderr:
            self._err.append(line.rstrip("\n"))
            if self._echo:
                sys.stderr.write(line)
                sys.stderr.flush()

    def _failure(self):
        code = self._proc.wait()
        self._reader.join(5)
        return CandelaError(_runner.failure_message(list(self._err), code, "candela monitor"),
                            code or 1)

    def _answer(self):
        line = self._proc.stdout.readline()
        if not line:
            raise self._failure()
        return json.loads(line)

    def _check_open(self):
        if self._proc is None:
            raise CandelaError("candela monitor: the monitor is closed", 1)
        if self._proc.poll() is not None:
            raise self._failure()

    def _request(self, req):
        self._check_open()
        try:
            self._proc.stdin.write(json.dumps(req) + "\n")
            self._proc.stdin.flush()
        except BrokenPipeError:
            raise self._failure() from None
        a = self._answer()
        if "error" in a:
            raise CandelaError(a["error"], int(a.get("exitCode", 1)))
        return a["report"]

    # -- scoring ----------------------------------------------------------------------------
    def encode(self, module):
        """The encoder means of the fixed sample's images under the module, (N, D) float64.

        module: an nn.Module with encode()/decode() methods or encoder/decoder submodules (as
        export_vae takes). It runs on its own device, in eval mode and without gradients; its
        training mode is restored.
        """
        import numpy as np
        import torch
        from candela import export as ex
        try:
            encoder_cls = ex._build_wrappers(module)[0]
        except ex.ExportError as e:
            raise CandelaError("Monitor.score: %s" % e) from None
        enc = encoder_cls()
        params = list(module.parameters())
        device = params[0].device if params else torch.device("cpu")
        dtype = params[0].dtype if params and params[0].is_floating_point() else torch.float32
        was_training = module.training
        module.eval()
        out = []
        try:
            with torch.no_grad():
                for a in range(0, len(self.images), self.batch_size):
                    x = torch.from_numpy(np.array(self.images[a:a + self.batch_size]))
                    mean, _ = enc(x.to(device=device, dtype=dtype))
                    out.append(mean.reshape(mean.shape[0], -1).double().cpu().numpy())
        finally:
            module.train(was_training)
        return np.concatenate(out)

    def score(self, module):
        """Scores the module on the fixed sample: {metric: value, metric + ".se": se}.

        The full report of the call is kept as self.last (a candela.Result; with CG, the
        evaluate run's scores are merged into it).
        """
        flat = self.score_codes(self.encode(module))
        if self.cg:
            flat.update(self._cg(module))
        return flat

    def score_codes(self, latents):
        """Scores encoder means of the fixed sample (N rows, in the sample's order) as score()
        does, without a module: {metric: value, metric + ".se": se}."""
        import numpy as np
        from candela import Result
        self._check_open()
        z, _ = _arrays.latents(latents, "latents")
        if isinstance(z, str):
            z = np.load(z)
        if z.shape[0] != len(self.factors):
            raise CandelaError("latents: want one row per sample of the monitor's %d, got %d rows"
                               % (len(self.factors), z.shape[0]))
        self._calls += 1
        path = os.path.join(self._work, "latents.npy")
        np.save(path, z)
        self.last = Result(self._request({"latents": path}))
        self.last.latents = z
        return flat_scores(self.last, self._code_metrics if self.cg else None)

    def _cg(self, module):
        from candela import evaluate
        opts = {"samples": self.samples, "seed": self.seed, "metrics": [CG], "scm_truth": "none"}
        opts.update(self.cg_options)
        out = os.path.join(self._work, "cg-%d" % self._calls)
        r = evaluate(module, dataset=self.dataset_path, out=out, echo=self._echo, **opts)
        cg = {k: v for k, v in r.scores.items() if k == CG or k.startswith(CG + ".")}
        if self.last is not None:
            self.last.scores.update(cg)
            self.last.uncertainty.update({k: r.uncertainty[k] for k in cg if k in r.uncertainty})
            self.last.warnings += r.warnings
        shutil.rmtree(out, ignore_errors=True)
        return flat_scores(r, [k for k in cg])

    # -- life cycle ---------------------------------------------------------------------------
    def close(self):
        """Ends the Candela process and removes the monitor's files."""
        p, self._proc = self._proc, None
        if p is not None:
            try:
                p.stdin.close()
            except OSError:
                pass
            try:
                p.wait(30)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
            for s in (p.stdout, p.stderr):
                try:
                    s.close()
                except (OSError, ValueError):
                    pass
        self._cleanup()

    def _cleanup(self):
        if getattr(self, "_work", None):
            shutil.rmtree(self._work, ignore_errors=True)
            self._work = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass


def flat_scores(result, keep=None):
    """{metric: value, metric + ".se": se} of a Result (se NaN when the score has none); with
    keep, only the scores whose key is or starts with one of them."""
    import math
    out = {}
    for k, v in result.scores.items():
        if keep is not None and not any(k == m or k.startswith(m + "@") or k.startswith(m + ".")
                                        for m in keep):
            continue
        out[k] = float(v)
        se = (result.uncertainty.get(k) or {}).get("se")
        out[k + ".se"] = math.nan if se is None else float(se)
    return out
