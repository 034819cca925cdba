import json
import math
import os
import tempfile
import unittest

import numpy as np

from tests import support  # noqa: F401  (sets CANDELA_HOME)

import candela
from candela import _runner


def codes(n=300, seed=0):
    rng = np.random.default_rng(seed)
    factors = np.column_stack([rng.integers(0, 3, n), rng.integers(0, 4, n)])
    latents = np.column_stack([
        factors[:, 0] + 0.2 * rng.normal(size=n),
        factors[:, 1] - 0.3 * factors[:, 0] + 0.2 * rng.normal(size=n),
        rng.normal(size=n),
    ])
    return factors, latents


class ScoreCodesTest(unittest.TestCase):
    def test_same_scores_as_the_command_on_the_same_arrays(self):
        factors, latents = codes()
        opts = {"replicates": 20, "refits": 2, "seed": 3, "rho": [1, 2]}
        r = candela.score_codes(factors, latents, factor_names=["shape", "size"], **opts)
        with tempfile.TemporaryDirectory() as d:
            f, l, j = (os.path.join(d, n) for n in ("f.npy", "l.npy", "r.json"))
            np.save(f, factors)
            np.save(l, latents)
            _runner.run(["score-codes", "--factors", f, "--latents", l, "--factor-names",
                         "shape,size", "--replicates", "20", "--refits", "2",
                         "--seed", "3", "--rho", "1,2", "--json", j])
            with open(j) as fh:
                cli = json.load(fh)
        self.assertEqual(cli["scores"], r.scores)
        self.assertEqual(cli["uncertainty"], r.uncertainty)
        self.assertEqual(cli["warnings"], r.warnings)
        self.assertEqual({"irs", "uc@1", "uc@2", "mig", "modularity", "explicitness", "sap",
                          "dci.disentanglement", "dci.completeness", "dci.informativeness",
                          "mig_sup", "jemmig", "dcimig", "sap_continuous",
                          "gaussian_tc", "gaussian_wc", "gaussian_wc_norm", "latent_mi"},
                         set(r.scores))
        self.assertEqual(["shape", "size"], r.details["columns"]["factors"])

    def test_mi_family_and_sap_continuous_come_through_by_their_ids(self):
        factors, latents = codes()
        r = candela.score_codes(factors, latents,
                                metrics=["mig-sup", "jemmig", "dcimig", "sap-continuous"],
                                replicates=5, refits=2)
        self.assertEqual({"mig_sup", "jemmig", "dcimig", "sap_continuous"}, set(r.scores))
        self.assertEqual("jackknife", r.uncertainty["mig_sup"]["method"])
        self.assertEqual("subsampling", r.uncertainty["jemmig"]["method"])
        for k, v in r.scores.items():
            self.assertTrue(0 <= v <= 1, (k, v))
        self.assertIn("trainRowsScore", r.details["sap_continuous"])

    def test_result_long_format(self):
        factors, latents = codes()
        r = candela.score_codes(factors, latents, metrics=["irs", "mig"], replicates=10)
        rows = r.rows()
        self.assertEqual(["irs", "mig"], [x["metric"] for x in rows])
        for x in rows:
            self.assertEqual(r.scores[x["metric"]], x["value"])
            self.assertEqual(r.uncertainty[x["metric"]]["se"], x["se"])
            self.assertEqual(r.uncertainty[x["metric"]]["ci95"], [x["ci_lo"], x["ci_hi"]])
        self.assertEqual(r.scores["mig"], r["mig"])
        try:
            import pandas  # noqa: F401
        except ImportError:
            with self.assertRaises(candela.CandelaError):
                r.to_pandas()
        else:
            df = r.to_pandas()
            self.assertEqual(["metric", "value", "se", "ci_lo", "ci_hi"], list(df.columns))

    def test_no_replicates_gives_nan_se_and_a_warning(self):
        factors, latents = codes()
        r = candela.score_codes(factors, latents, metrics="mig", replicates=0)
        self.assertTrue(math.isnan(r.rows()[0]["se"]))
        self.assertTrue(any("intervals off" in w for w in r.warnings), r.warnings)

    def test_text_factor_values(self):
        factors, latents = codes()
        words = np.array([["red", "green", "blue"][k] for k in factors[:, 0]], dtype=object)
        r = candela.score_codes(words, latents, factor_names=["color"], metrics=["mig"],
                                replicates=0)
        self.assertEqual(["color"], r.details["columns"]["factors"])

    def test_bad_input_raises_candelas_one_line(self):
        factors, latents = codes()
        with self.assertRaises(candela.CandelaError) as c:
            candela.score_codes(factors[:10], latents, metrics=["mig"])
        msg = c.exception.message
        self.assertTrue(msg.startswith("candela score-codes: row counts differ: "), msg)
        self.assertEqual(2, c.exception.exit_code)
        with self.assertRaises(candela.CandelaError) as c:
            candela.score_codes(factors, latents, factor_names=["a", "b", "c"], metrics=["mig"])
        self.assertIn("--factor-names: 3 names (a,b,c) for the 2 columns of", c.exception.message)

    def test_fos_keys_come_through(self):
        factors, latents = codes()
        r = candela.score_codes(factors, latents, metrics=["fos"], replicates=5, seed=2)
        self.assertEqual(["fos", "rand_fos"], list(r.scores))
        self.assertEqual("mean", r.uncertainty["fos"]["method"])
        self.assertEqual(r.scores["fos"], r.details["fos"]["fos"])
        self.assertGreater(r.details["fos"]["squared"], 0)

    def test_unified_keys_come_through(self):
        factors, latents = codes()
        r = candela.score_codes(factors, latents, metrics=["unified"], replicates=4, seed=2)
        self.assertEqual(21, len(r.scores))
        self.assertEqual("unified.mi.dci_disentanglement", list(r.scores)[0])
        self.assertEqual("jackknife", r.uncertainty["unified.mi.mig"]["method"])
        self.assertEqual(list(r.scores), list(r.uncertainty))
        self.assertEqual(["gbt", "mi", "svm"],
                         [m["matrix"] for m in r.details["unified"]["matrices"]])
    def test_downstream_keys_come_through(self):
        factors, latents = codes()
        r = candela.score_codes(factors, latents, metrics=["downstream"], replicates=5, seed=2)
        # 300 rows: 150 test rows, training sizes 10 and 100
        self.assertEqual(["downstream.10", "downstream.10.min", "downstream.100",
                          "downstream.100.min"], list(r.scores))
        self.assertEqual("repeats", r.uncertainty["downstream.100"]["method"])
        d = r.details["downstream"]
        self.assertEqual(150, d["numTest"])
        self.assertEqual(r.scores["downstream.100"], d["sizes"][1]["meanTestAccuracy"])
    def test_downstream_gbt_keys_come_through(self):
        factors, latents = codes()
        r = candela.score_codes(factors, latents, metrics=["downstream-gbt"], replicates=0, seed=2)
        self.assertEqual(["downstream_gbt.10", "downstream_gbt.10.min", "downstream_gbt.100",
                          "downstream_gbt.100.min"], list(r.scores))
        d = r.details["downstream_gbt"]
        self.assertEqual("boosted-trees", d["predictor"])
        self.assertEqual(r.scores["downstream_gbt.100"], d["sizes"][1]["meanTestAccuracy"])

    def test_dci_es_keys_and_curves_come_through(self):
        factors, latents = codes()
        r = candela.score_codes(factors, latents, metrics=["dci-es"], replicates=0, seed=1)
        self.assertEqual(["dci_es.explicitness", "dci_es.size", "dci_es.disentanglement",
                          "dci_es.completeness", "dci_es.informativeness"], list(r.scores))
        self.assertAlmostEqual(2 / 3, r.scores["dci_es.size"], places=12)
        d = r.details["dci_es"]
        self.assertEqual([1, 2, 3, 4, 8, 10, 12, 14, 16, 18, 20, 32], d["capacities"])
        self.assertEqual(2, len(d["losses"]))
        self.assertEqual(r.scores["dci_es.explicitness"], d["explicitness"])

    def test_betavae_and_factorvae_on_the_table(self):
        factors, latents = codes()
        r = candela.score_codes(factors, latents, metrics=["betavae", "factorvae"], replicates=0)
        self.assertEqual(["betavae", "factorvae"], list(r.scores))
        self.assertEqual(r.scores["betavae"], r.details["betavae"]["evalAccuracy"])


if __name__ == "__main__":
    unittest.main()
