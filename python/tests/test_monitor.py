"""candela.Monitor: scoring a model inside a training loop, against `candela score-codes`."""
import json
import os
import tempfile
import time
import unittest

import numpy as np

from tests import support

import candela
from candela import _runner

SAMPLES = 600
OPTIONS = {"replicates": 10, "refits": 2, "rho": [1, 2]}


def tiny_vae(seed=0):
    import torch
    from candela.export import TinyVaeFactory
    torch.manual_seed(seed)
    return TinyVaeFactory.build(1, 64, 4)


def train_steps(vae, images, steps, opt):
    import torch
    for _ in range(steps):
        idx = np.random.default_rng(len(images)).choice(len(images), 32, replace=False)
        x = torch.from_numpy(np.array(images[np.sort(idx)]))
        mu, lv = vae.encode(x)
        z = mu + torch.randn_like(mu) * torch.exp(0.5 * lv)
        rec = torch.nn.functional.binary_cross_entropy_with_logits(vae.decode(z), x,
                                                                   reduction="sum") / len(x)
        kl = 0.5 * (mu ** 2 + lv.exp() - 1 - lv).sum() / len(x)
        opt.zero_grad()
        (rec + kl).backward()
        opt.step()


def score_codes_cli(factors, latents, names, seed):
    with tempfile.TemporaryDirectory() as d:
        f, l, j = (os.path.join(d, n) for n in ("f.npy", "l.npy", "r.json"))
        np.save(f, factors)
        np.save(l, latents)
        _runner.run(["score-codes", "--factors", f, "--latents", l, "--factor-names",
                     ",".join(names), "--seed", str(seed), "--json", j]
                    + _runner.options(dict(OPTIONS)))
        with open(j) as fh:
            return json.load(fh)


@support.needs_torch
class MonitorTest(unittest.TestCase):
    def test_scores_during_training_equal_score_codes_on_the_same_codes(self):
        import torch
        vae = tiny_vae()
        opt = torch.optim.Adam(vae.parameters(), lr=3e-3)
        seen = []
        with candela.Monitor("dsprites", samples=SAMPLES, seed=5, **OPTIONS) as mon:
            self.assertEqual((SAMPLES, 1, 64, 64), mon.images.shape)
            self.assertEqual(["color", "shape", "scale", "orientation", "posX", "posY"],
                             mon.factor_names)
            t0 = time.time()
            step = 0
            while time.time() - t0 < 4 or step < 30:   # a few seconds of training
                train_steps(vae, mon.images, 10, opt)   # score every 10 steps
                step += 10
                vae.train()
                s = mon.score(vae)
                self.assertTrue(vae.training)  # the module's mode is restored
                seen.append((s, mon.last.latents.copy(), mon.last))
            proc = mon._proc
            work = mon._work
            factors, names = mon.factors.copy(), mon.factor_names
        self.assertIsNotNone(proc.poll(), "the Candela process outlived the monitor")
        self.assertFalse(os.path.exists(work))
        self.assertGreaterEqual(len(seen), 3)
        # training moved the codes, so the calls scored different latents
        self.assertFalse(np.array_equal(seen[0][1], seen[-1][1]))
        for flat, z, result in (seen[0], seen[-1]):
            cli = score_codes_cli(factors, z, names, 5)
            self.assertEqual(cli["scores"], result.scores)
            self.assertEqual(cli["uncertainty"], result.uncertainty)
            self.assertEqual(cli["warnings"], result.warnings)
            for k, v in cli["scores"].items():
                self.assertEqual(v, flat[k])
                self.assertEqual(cli["uncertainty"][k]["se"], flat[k + ".se"])
            self.assertEqual(set(cli["scores"]) | {k + ".se" for k in cli["scores"]}, set(flat))

    def test_the_sample_is_evaluates_rows_of_the_dataset(self):
        with candela.Monitor("dsprites", samples=50, seed=3, metrics=["mig"]) as mon:
            with np.load(mon.dataset_path) as d:
                imgs = d["imgs"][np.sort(mon.index)]
                classes = d["latents_classes"][np.sort(mon.index)]
            order = np.argsort(mon.index)
            np.testing.assert_array_equal(imgs.astype(np.float32), mon.images[order, 0])
            np.testing.assert_array_equal(classes, mon.factors[order])
            self.assertEqual(50, len(set(mon.index.tolist())))

    def test_bad_calls_raise_one_line_and_the_monitor_goes_on(self):
        with candela.Monitor("dsprites", samples=40, metrics=["mig"], replicates=0) as mon:
            with self.assertRaises(candela.CandelaError) as c:
                mon.score_codes(np.zeros((5, 3)))
            self.assertEqual("latents: want one row per sample of the monitor's 40, got 5 rows",
                             c.exception.message)
            z = np.random.default_rng(0).normal(size=(40, 3))
            z[4, 1] = np.nan
            with self.assertRaises(candela.CandelaError) as c:
                mon.score_codes(z)
            self.assertEqual("latents: 1 NaN or infinite values (first at row 4, column 1: nan)",
                             c.exception.message)
            with self.assertRaises(candela.CandelaError) as c:
                mon.score(object())
            self.assertIn("has neither encode()/decode() methods", c.exception.message)
            z[4, 1] = 0
            s = mon.score_codes(z)
            self.assertEqual({"mig", "mig.se"}, set(s))
        with self.assertRaises(candela.CandelaError) as c:
            mon.score_codes(z)
        self.assertEqual("candela monitor: the monitor is closed", c.exception.message)

    def test_cg_comes_from_evaluate_of_the_module(self):
        vae = tiny_vae(1)
        cg = {"cg_samples": 40, "replicates": 0}
        with candela.Monitor("dsprites", samples=200, metrics=["mig", "cg"], cg_options=cg) as m:
            s = m.score(vae)
            path = m.dataset_path
        self.assertIn("cg", s)
        self.assertIn("cg.shape.se", s)
        self.assertIn("mig", s)
        self.assertNotIn("irs", s)
        r = candela.evaluate(vae, dataset=path, samples=200, seed=0, metrics=["cg"],
                             scm_truth="none", echo=False, **cg)
        self.assertEqual({k: v for k, v in r.scores.items() if k.startswith("cg")},
                         {k: v for k, v in s.items() if k.startswith("cg") and
                          not k.endswith(".se")})

    def test_a_bad_dataset_is_candelas_one_line(self):
        with tempfile.TemporaryDirectory() as d:
            missing = os.path.join(d, "nope.npz")
            before = set(os.listdir(tempfile.gettempdir()))
            with self.assertRaises(candela.CandelaError) as c:
                candela.Monitor(missing, samples=10)
            left = [f for f in set(os.listdir(tempfile.gettempdir())) - before
                    if f.startswith("candela-monitor-")]
            self.assertEqual([], left)
        self.assertTrue(c.exception.message.startswith("candela monitor: "), c.exception.message)
        self.assertIn(missing, c.exception.message)
        self.assertEqual(2, c.exception.exit_code)


if __name__ == "__main__":
    unittest.main()
