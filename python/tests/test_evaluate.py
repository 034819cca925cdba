"""candela.evaluate on a module, a TorchScript file and a model folder, end to end."""
import csv
import os
import stat
import tempfile
import unittest

from tests import support
from tests.support import needs_torch

import candela
from candela import _runner

if support.HAVE_TORCH:
    import torch
    from torch import nn

    class SmallVae(nn.Module):
        def __init__(self, d=3):
            super().__init__()
            self.encoder = nn.Sequential(nn.Flatten(), nn.Linear(64 * 64, 2 * d))
            self.decoder = nn.Sequential(nn.Linear(d, 64 * 64), nn.Unflatten(1, (1, 64, 64)))
            self.d = d

        def forward(self, x):
            return self.decoder(self.encoder(x)[:, :self.d])


@needs_torch
class EvaluateTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.data = os.path.join(cls.tmp.name, "d.npz")
        _runner.run(["dataset", "generate", "dsprites", "--out", cls.data, "--count", "300",
                     "--seed", "1"])

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_a_module_is_exported_and_scored_into_files_others_can_read(self):
        torch.manual_seed(0)
        out = os.path.join(self.tmp.name, "out")
        old = os.umask(0o022)
        try:
            r = candela.evaluate(SmallVae(), dataset=self.data, out=out, samples=200,
                                 metrics=["irs", "mig"], replicates=10, echo=False)
        finally:
            os.umask(old)
        self.assertEqual({"irs", "mig"}, set(r.scores))
        self.assertIn("se", r.uncertainty["mig"])
        self.assertEqual(os.path.join(out, "report.html"), r.html)
        for name in ("report.json", "report.html", "scores.csv", "model/model.json"):
            mode = stat.S_IMODE(os.stat(os.path.join(out, name)).st_mode)
            self.assertEqual(0o644, mode, name)
        with open(os.path.join(out, "scores.csv")) as f:
            rows = list(csv.DictReader(f))
        self.assertEqual({"irs", "mig"}, {x["metric"] for x in rows})
        for x in rows:
            self.assertEqual(r.scores[x["metric"]], float(x["value"]))

    def test_a_model_folder_and_a_torchscript_file(self):
        torch.manual_seed(1)
        vae = SmallVae()
        folder = candela.export_vae(vae, os.path.join(self.tmp.name, "m"))
        a = candela.evaluate(folder, dataset=self.data, out=os.path.join(self.tmp.name, "oa"),
                             samples=150, metrics="mig", replicates=0, echo=False)
        script = os.path.join(self.tmp.name, "vae.pt")
        torch.jit.script(vae).save(script)
        b = candela.evaluate(script, dataset=self.data, out=os.path.join(self.tmp.name, "ob"),
                             samples=150, metrics="mig", replicates=0, echo=False)
        self.assertEqual(a.scores, b.scores)

    def test_the_model_metrics_come_through_with_their_intervals(self):
        torch.manual_seed(2)
        folder = candela.export_vae(SmallVae(), os.path.join(self.tmp.name, "mm"))
        r = candela.evaluate(folder, dataset=self.data, out=os.path.join(self.tmp.name, "omm"),
                             samples=120, metrics=["kl", "reconstruction", "mig_sampled"],
                             echo=False)
        keys = {"kl.z0", "kl.z1", "kl.z2", "kl.total", "reconstruction", "mig_sampled"}
        self.assertEqual(keys, set(r.scores))
        self.assertAlmostEqual(r.scores["kl.total"],
                               sum(r.scores["kl.z%d" % j] for j in range(3)), places=9)
        self.assertEqual("jackknife", r.uncertainty["mig_sampled"]["method"])
        self.assertEqual("mean", r.uncertainty["reconstruction"]["method"])

    def test_failures_raise_candelas_line(self):
        missing = os.path.join(self.tmp.name, "nothing")
        with self.assertRaises(candela.CandelaError) as c:
            candela.evaluate(missing, dataset=self.data, echo=False)
        self.assertEqual("candela evaluate: %s: no such model folder or list file" % missing,
                         c.exception.message)
        self.assertEqual(2, c.exception.exit_code)


if __name__ == "__main__":
    unittest.main()
