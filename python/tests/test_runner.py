import os
import stat
import tempfile
import unittest

from tests import support  # noqa: F401  (sets CANDELA_HOME)

from candela import _runner, CandelaError


class OptionsTest(unittest.TestCase):
    def test_keywords_become_long_options(self):
        self.assertEqual(
            ["--samples", "600", "--metrics", "irs,mig", "--replicates", "0", "--quiet",
             "--factor-bins", "none", "--rho", "1,2"],
            _runner.options({"samples": 600, "metrics": ["irs", "mig"], "replicates": 0,
                             "quiet": True, "verbose": False, "seed": None,
                             "factor_bins": "none", "rho": (1, 2)}))


class FindingCandelaTest(unittest.TestCase):
    def setUp(self):
        self.saved = {k: os.environ.get(k) for k in ("CANDELA_HOME", "CANDELA_CLASSPATH", "PATH")}
        os.environ.pop("CANDELA_CLASSPATH", None)

    def tearDown(self):
        for k, v in self.saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v

    def test_candela_home_runs_its_launcher(self):
        with tempfile.TemporaryDirectory() as d:
            launcher = os.path.join(d, "candela")
            with open(launcher, "w") as f:
                f.write("#!/bin/sh\necho \"args: $*\"\n")
            os.chmod(launcher, stat.S_IRWXU)
            os.environ["CANDELA_HOME"] = d
            self.assertEqual([launcher], _runner.command())
            out, _ = _runner.run(["score-codes", "--help"])
            self.assertEqual("args: score-codes --help\n", out)

    def test_a_launcher_on_path_is_found(self):
        with tempfile.TemporaryDirectory() as d:
            launcher = os.path.join(d, "candela")
            with open(launcher, "w") as f:
                f.write("#!/bin/sh\necho 'candela evaluate: x: no such model folder' >&2\n"
                        "exit 2\n")
            os.chmod(launcher, stat.S_IRWXU)
            os.environ.pop("CANDELA_HOME", None)
            os.environ["PATH"] = d + os.pathsep + os.environ.get("PATH", "")
            self.assertEqual([launcher], _runner.command())
            with self.assertRaises(CandelaError) as c:
                _runner.run(["evaluate", "--model", "x"])
            self.assertEqual("candela evaluate: x: no such model folder", c.exception.message)
            self.assertEqual(2, c.exception.exit_code)

    def test_a_home_without_launcher_is_one_line(self):
        with tempfile.TemporaryDirectory() as d:
            os.environ["CANDELA_HOME"] = d
            with self.assertRaises(CandelaError) as c:
                _runner.command()
            self.assertEqual("CANDELA_HOME=%s: no candela launcher in it (set it to the root of a"
                             " Candela checkout)" % d, str(c.exception))

    def test_nothing_found_says_what_to_set(self):
        os.environ.pop("CANDELA_HOME", None)
        with tempfile.TemporaryDirectory() as d:
            os.environ["PATH"] = d
            with self.assertRaises(CandelaError) as c:
                _runner.command()
        self.assertIn("set CANDELA_HOME", str(c.exception))


if __name__ == "__main__":
    unittest.main()
