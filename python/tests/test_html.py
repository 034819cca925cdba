import base64
import os
import re
import tempfile
import unittest

from tests import support  # noqa: F401

import candela


def report(scores, uncertainty=None, warnings=(), details=None, title="score-codes z.npy"):
    return {"title": title, "scores": scores, "uncertainty": uncertainty or {},
            "warnings": list(warnings), "details": details or {}, "provenance": {}}


U = {"se": 0.0123, "ci95": [0.4, 0.45], "method": "jackknife", "replicates": 100, "n": 1000}


class ResultHtmlTest(unittest.TestCase):
    def test_headline_row_has_value_se_interval_and_method(self):
        r = candela.Result(report({"mig": 0.42567, "sap": 0.1}, {"mig": U},
                                  ["mig depends on N"]))
        h = r._repr_html_()
        self.assertIn("<th>value ± se</th><th>95% interval</th><th>method</th>", h)
        self.assertIn("<tr><td>mig</td><td>0.4257 ± 0.0123</td><td>[0.4000, 0.4500]</td>"
                      "<td>jackknife (100)</td><td>1000</td></tr>", h)
        # a score without an interval says so instead of printing a number
        self.assertIn("<tr><td>sap</td><td>0.1000 ± —</td><td>—</td><td>no interval</td>", h)
        self.assertIn('<div class="warn">warning: mig depends on N</div>', h)
        self.assertIn("score-codes z.npy", h)

    def test_names_are_escaped(self):
        r = candela.Result(report({"<b>x</b>": 0.5}, warnings=["a <script>"]))
        h = r._repr_html_()
        self.assertNotIn("<b>x</b>", h)
        self.assertNotIn("<script>", h)
        self.assertIn("&lt;b&gt;x&lt;/b&gt;", h)

    def test_interval_chart_has_one_dot_and_one_bar_per_score_in_the_unit_range(self):
        r = candela.Result(report({"mig": 0.25, "irs": 0.75, "scm.od": 6.2},
                                  {"mig": U, "irs": dict(U, ci95=[0.7, 0.8])}))
        h = r._repr_html_()
        self.assertEqual(2, h.count("<circle"))
        self.assertNotIn("scm.od = ", h)  # off the [0, 1] axis: not drawn
        # the bar of mig spans 0.4..0.45 of the axis (170 px left, 330 px wide)
        self.assertIn('x1="302.0" y1="15" x2="318.5" y2="15"', h)

    def test_irs_heat_map_from_the_details(self):
        details = {"irs": {"matrix": [[0.9, 0.1], [0.2, 0.0], [0.5, 0.5]]},
                   "columns": {"factors": ["shape", "size"], "latents": ["z0", "z1", "z2"]}}
        h = candela.Result(report({"irs": 0.7}, details=details))._repr_html_()
        self.assertEqual(6, len(re.findall(r"<rect ", h)))
        self.assertIn("<title>z0, shape: 0.900</title>", h)
        self.assertIn(">size</text>", h)

    def test_an_evaluate_folder_shows_its_pngs_inline(self):
        png = base64.b64decode(
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5E"
            "rkJggg==")
        with tempfile.TemporaryDirectory() as d:
            for f in ("irs.png", "traversals.png"):
                with open(os.path.join(d, f), "wb") as fh:
                    fh.write(png)
            h = candela.Result(report({"irs": 0.7}), out=d)._repr_html_()
        self.assertEqual(2, h.count('<img src="data:image/png;base64,'))
        self.assertIn("Latent traversals", h)
        self.assertNotIn("Reconstructions", h)


class CompareTest(unittest.TestCase):
    def setUp(self):
        self.a = candela.Result(report({"mig": 0.5, "irs": 0.7}, {"mig": U}, ["wa"], title="A"))
        self.b = candela.Result(report({"mig": 0.25, "cg": 0.3}, {}, [], title="B"))

    def test_table_has_every_metric_and_model(self):
        c = candela.compare({"m1": self.a, "m2": self.b})
        self.assertEqual(["m1", "m2"], c.names)
        self.assertEqual(["mig", "irs", "cg"], c.metrics)
        self.assertEqual({"m1": "0.5000 ± 0.0123", "m2": "0.2500 ± —"}, c.table()["mig"])
        self.assertEqual({"m2": "0.3000 ± —"}, c.table()["cg"])
        h = c._repr_html_()
        self.assertIn("<tr><th>metric</th><th>m1</th><th>m2</th></tr>", h)
        self.assertIn("<tr><td>irs</td><td>0.7000 ± —</td><td>—</td></tr>", h)
        self.assertIn('<div class="warn">m1: wa</div>', h)
        rows = c.rows()
        self.assertEqual(4, len(rows))
        self.assertEqual({"name": "m1", "metric": "mig", "value": 0.5, "se": 0.0123,
                          "ci_lo": 0.4, "ci_hi": 0.45}, rows[0])

    def test_a_list_is_named_by_titles(self):
        self.assertEqual(["A", "B"], candela.compare([self.a, self.b]).names)

    def test_bad_items_are_one_line(self):
        with self.assertRaises(candela.CandelaError) as c:
            candela.compare([self.a, {"scores": {}}])
        self.assertEqual("compare: item 1 is a dict, not a candela.Result", c.exception.message)
        with self.assertRaises(candela.CandelaError) as c:
            candela.compare([])
        self.assertEqual("compare: want at least one result, got none", c.exception.message)
        with self.assertRaises(candela.CandelaError) as c:
            candela.compare([self.a], names=["x", "y"])
        self.assertEqual("compare: 2 names for 1 results", c.exception.message)


if __name__ == "__main__":
    unittest.main()
