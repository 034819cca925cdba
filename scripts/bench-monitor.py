#!/usr/bin/env python3
"""Bench of candela.Monitor: what a call costs against the scoring itself, in one run.

Usage (from a checkout, or anywhere with the package installed):
    OMP_NUM_THREADS=1 /usr/bin/python3 scripts/bench-monitor.py [--samples 10000] [--calls 5]
        [--metrics irs,uc,mig,modularity | --metrics all]

One Monitor on the generated dSprites set; a convolutional VAE encoder of the usual size
(Burgess et al.'s: 4 conv layers of 32 filters, 256 hidden units, 10 latents; random weights,
the cost does not depend on them). The metrics are those watched during training (IRS, UC,
MIG, Modularity, with their intervals; `all` adds DCI, SAP and explicitness, whose refits take
about 90 s at 10,000 codes on 2 cores). It times, each the median of --calls runs, interleaved:
  codes    mon.score_codes(z): the codes sent to the long-lived process and scored there;
  module   mon.score(module): the same plus encoding the sample with the module in torch;
  encode   the encoding alone;
  cli      `candela score-codes` on the same codes with the same options (a new JVM: what a
           call cost before the monitor);
  scoring  the scoring itself, as the monitor's process measures it ("scored in", plus the
           intervals), read from the process's messages.
and prints the ratios codes / scoring, codes / cli and module / (encode + cli). It also checks
that the monitor's scores equal score-codes' on the same codes. Target: codes / scoring <= 1.5.
"""
import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "python"))

import numpy as np  # noqa: E402

import candela  # noqa: E402
from candela import _runner  # noqa: E402


def conv_vae(latents=10):
    import torch
    nn = torch.nn

    class Vae(nn.Module):
        def __init__(self):
            super().__init__()
            c = 32
            self.enc = nn.Sequential(
                nn.Conv2d(1, c, 4, 2, 1), nn.ReLU(), nn.Conv2d(c, c, 4, 2, 1), nn.ReLU(),
                nn.Conv2d(c, c, 4, 2, 1), nn.ReLU(), nn.Conv2d(c, c, 4, 2, 1), nn.ReLU(),
                nn.Flatten(), nn.Linear(c * 16, 256), nn.ReLU(), nn.Linear(256, 2 * latents))
            self.dec = nn.Linear(latents, 64 * 64)
            self.d = latents

        def encode(self, x):
            h = self.enc(x)
            return h[:, :self.d], h[:, self.d:]

        def decode(self, z):
            return self.dec(z).reshape(-1, 1, 64, 64)

    torch.manual_seed(0)
    return Vae()


def seconds_of(lines, since):
    """The scoring time the process printed for the last request: 'scored in X s' and the
    intervals' 'in Y s'."""
    text = "\n".join(lines[since:])
    scored = [float(x) for x in re.findall(r"scored in ([0-9.]+) s", text)]
    intervals = [float(x) for x in re.findall(r"intervals of the code metrics .* in ([0-9.]+) s",
                                              text)]
    return (scored[-1] if scored else 0.0) + (intervals[-1] if intervals else 0.0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--samples", type=int, default=10000)
    ap.add_argument("--calls", type=int, default=5)
    ap.add_argument("--metrics", default="irs,uc,mig,modularity")
    ap.add_argument("--dataset", default="dsprites")
    a = ap.parse_args()
    import torch
    vae = conv_vae()
    times = {k: [] for k in ("codes", "module", "encode", "cli", "scoring")}
    metrics = None if a.metrics == "all" else a.metrics.split(",")
    opts = {} if metrics is None else {"metrics": metrics}
    with candela.Monitor(a.dataset, samples=a.samples, **opts) as mon:
        z = mon.encode(vae)
        mon.score_codes(z)  # warm-up: the JIT of the scoring code
        with tempfile.TemporaryDirectory() as d:
            f, l, j = (os.path.join(d, n) for n in ("f.npy", "l.npy", "r.json"))
            np.save(f, mon.factors)
            np.save(l, z)
            for _ in range(a.calls):
                t = time.perf_counter()
                mon.encode(vae)
                times["encode"].append(time.perf_counter() - t)
                since = len(mon._err)
                t = time.perf_counter()
                mon.score_codes(z)
                times["codes"].append(time.perf_counter() - t)
                times["scoring"].append(seconds_of(list(mon._err), since))
                t = time.perf_counter()
                mon.score(vae)
                times["module"].append(time.perf_counter() - t)
                t = time.perf_counter()
                _runner.run(["score-codes", "--factors", f, "--latents", l, "--factor-names",
                             ",".join(mon.factor_names), "--json", j] + _runner.options(opts))
                times["cli"].append(time.perf_counter() - t)
            with open(j) as fh:
                cli = json.load(fh)
            same = (cli["scores"] == mon.last.scores
                    and cli["uncertainty"] == mon.last.uncertainty)
    med = {k: statistics.median(v) for k, v in times.items()}
    print("candela.Monitor bench: %d codes x %d latents, metrics %s with intervals, torch %s,"
          " %d threads" % (a.samples, z.shape[1], a.metrics, torch.__version__,
                           torch.get_num_threads()))
    for k in ("codes", "scoring", "cli", "encode", "module"):
        print("  %-8s %7.2f s   (%s)" % (k, med[k], ", ".join("%.2f" % x for x in times[k])))
    print("ratio codes / scoring        = %.2f   (target <= 1.5)" % (med["codes"] / med["scoring"]))
    print("ratio codes / cli            = %.2f" % (med["codes"] / med["cli"]))
    print("ratio module / (encode+cli)  = %.2f" % (med["module"] / (med["encode"] + med["cli"])))
    print("scores equal score-codes     = %s" % same)
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
