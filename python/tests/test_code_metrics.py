"""score_codes: the code metrics it accepts, explicitness by name, irs_quantile and dci_learner
keywords reaching the report (issue 40)."""
import unittest

from tests import support  # noqa: F401  (sets CANDELA_HOME)
from tests.test_score_codes import codes

import candela


class CodeMetricsTest(unittest.TestCase):
    def test_explicitness_is_chosen_by_its_own_name(self):
        factors, latents = codes()
        r = candela.score_codes(factors, latents, metrics=["explicitness"], refits=0)
        self.assertEqual(["explicitness"], list(r.scores))
        r = candela.score_codes(factors, latents, metrics="modularity", replicates=0)
        self.assertEqual(["modularity"], list(r.scores))

    def test_irs_quantile_reaches_the_details(self):
        factors, latents = codes()
        r = candela.score_codes(factors, latents, metrics="irs", replicates=0, irs_quantile=1.0)
        self.assertEqual(1.0, r.details["irs"]["options"]["diffQuantile"])
        self.assertEqual(20, r.details["irs"]["options"]["factorBins"])
        default = candela.score_codes(factors, latents, metrics="irs", replicates=0)
        self.assertEqual(0.99, default.details["irs"]["options"]["diffQuantile"])
        self.assertGreaterEqual(default.scores["irs"], r.scores["irs"])
        with self.assertRaises(candela.CandelaError) as c:
            candela.score_codes(factors, latents, metrics="irs", irs_quantile=0)
        self.assertIn("--irs-quantile must be in (0, 1]", c.exception.message)
        self.assertIn("got 0.0", c.exception.message)

    def test_dci_learners_give_the_dci_keys(self):
        factors, latents = codes()
        for learner in ("lasso", "random-forest"):
            r = candela.score_codes(factors, latents, metrics="dci", refits=0, dci_learner=learner)
            self.assertEqual(["dci.disentanglement", "dci.completeness", "dci.informativeness"],
                             list(r.scores))
            self.assertEqual(learner.upper().replace("-", "_"), r.details["dci"]["learner"])

    def test_a_metric_that_needs_a_model_is_refused_naming_the_code_metrics(self):
        factors, latents = codes()
        with self.assertRaises(candela.CandelaError) as c:
            candela.score_codes(factors, latents, metrics=["kl"])
        self.assertIn("kl is not computed from codes; choose among irs, uc, mig, dci, sap,"
                      " modularity, explicitness", c.exception.message)
        self.assertEqual(2, c.exception.exit_code)


if __name__ == "__main__":
    unittest.main()
