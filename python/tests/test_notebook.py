"""docs/notebook.ipynb, executed as a user would (jupyter nbconvert --to notebook --execute),
and its executed output checked: no error, the HTML tables and figures there."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

from tests import support

NOTEBOOK = os.path.join(support.ROOT, "docs", "notebook.ipynb")
REQUIRED = os.environ.get("CANDELA_REQUIRE_PYTHON") is not None


def nbconvert():
    """The jupyter command that has nbconvert, or None."""
    exe = shutil.which("jupyter")
    if exe is None:
        return None
    p = subprocess.run([exe, "nbconvert", "--version"], capture_output=True, text=True)
    return exe if p.returncode == 0 else None


def html_of(cell):
    return "".join("".join(o.get("data", {}).get("text/html", []))
                   for o in cell.get("outputs", []))


@support.needs_torch
class NotebookTest(unittest.TestCase):
    def test_the_notebook_runs_and_shows_the_tables(self):
        exe = nbconvert()
        if exe is None:
            if REQUIRED:
                self.fail("jupyter nbconvert is not installed (apt-get install jupyter-nbconvert"
                          " python3-nbclient python3-ipykernel)")
            self.skipTest("needs jupyter nbconvert")
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "executed.ipynb")
            env = dict(os.environ)
            # the kernel imports this checkout's package (a user's has it installed)
            env["PYTHONPATH"] = os.path.join(support.ROOT, "python") + os.pathsep + env.get(
                "PYTHONPATH", "")
            p = subprocess.run([exe, "nbconvert", "--to", "notebook", "--execute",
                                "--ExecutePreprocessor.timeout=600",
                                "--ExecutePreprocessor.kernel_name=python3",
                                "--output", out, NOTEBOOK], cwd=d, env=env,
                               capture_output=True, text=True)
            self.assertEqual(0, p.returncode, p.stderr[-3000:])
            with open(out) as f:
                nb = json.load(f)
        code = [c for c in nb["cells"] if c["cell_type"] == "code"]
        for c in code:
            for o in c.get("outputs", []):
                self.assertNotEqual("error", o.get("output_type"),
                                    "".join(c["source"]) + "\n" + str(o.get("evalue")))
        first = html_of(code[0])
        self.assertIn("<th>value ± se</th><th>95% interval</th><th>method</th>", first)
        for metric in ("irs", "uc@1", "uc@2", "mig", "dci.disentanglement", "explicitness"):
            self.assertIn("<tr><td>%s</td>" % metric, first)
        self.assertIn("<svg", first)        # the interval chart and the IRS heat map
        self.assertIn("jackknife", first)
        self.assertIn("<table", html_of(code[1]))   # to_pandas(): pandas' own table
        comparison = html_of(code[2])
        self.assertIn("<th>disentangled</th><th>entangled</th>", comparison)
        monitor = "".join("".join(o.get("text", [])) for o in code[3]["outputs"])
        self.assertEqual(3, len([x for x in monitor.splitlines() if "'mig.se'" in x]), monitor)
        self.assertIn("<tr><td>mig</td>", html_of(code[3]))
        evaluate = html_of(code[4])
        self.assertIn("<tr><td>cg</td>", evaluate)
        self.assertIn('<img src="data:image/png;base64,', evaluate)


if __name__ == "__main__":
    unittest.main()
