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

    def test_cg_settings_become_their_options(self):
        self.assertEqual(
            ["--cg-readout", "exact", "--cg-baseline", "mean"],
            _runner.options({"cg_readout": "exact", "cg_baseline": "mean"}))


def fake_java(folder, version_line):
    """A `java` script that prints a version line, as `java -version` does, to stderr."""
    os.makedirs(folder, exist_ok=True)
    exe = os.path.join(folder, "java")
    with open(exe, "w") as f:
        f.write("#!/bin/sh\necho '%s' >&2\n" % version_line)
    os.chmod(exe, stat.S_IRWXU)
    return exe


class FindingCandelaTest(unittest.TestCase):
    def setUp(self):
        self.saved = {k: os.environ.get(k)
                      for k in ("CANDELA_HOME", "CANDELA_CLASSPATH", "PATH", "JAVA_HOME",
                                "CANDELA_DATA", "XDG_CACHE_HOME")}
        os.environ.pop("CANDELA_CLASSPATH", None)
        self.package_dir = _runner._PACKAGE_DIR
        _runner._java_checked.clear()

    def tearDown(self):
        for k, v in self.saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        _runner._PACKAGE_DIR = self.package_dir
        _runner._java_checked.clear()

    def installed(self, d):
        """A package folder as pip lays it out: candela/_home/target/candela.jar."""
        pkg = os.path.join(d, "site-packages", "candela")
        os.makedirs(os.path.join(pkg, "_home", "target"))
        with open(os.path.join(pkg, "_home", "target", "candela.jar"), "w") as f:
            f.write("jar")
        _runner._PACKAGE_DIR = pkg
        return pkg

    def test_the_installed_package_runs_its_own_jar(self):
        with tempfile.TemporaryDirectory() as d:
            pkg = self.installed(d)
            os.environ.pop("CANDELA_HOME", None)
            java = fake_java(os.path.join(d, "jdk", "bin"), 'openjdk version "17.0.15" 2025-04-15')
            os.environ["JAVA_HOME"] = os.path.join(d, "jdk")
            jar = os.path.join(pkg, "_home", "target", "candela.jar")
            os.environ["CANDELA_DATA"] = os.path.join(d, "data")
            self.assertEqual([java, "-Dai.djl.offline=true",
                              "-Dcandela.data=" + os.path.join(d, "data"), "-jar", jar],
                             _runner.command(["score-codes"]))
            os.environ.pop("CANDELA_DATA")
            os.environ.pop("XDG_CACHE_HOME", None)
            self.assertTrue(_runner.command(["x"])[2].endswith(os.path.join(".cache", "candela",
                                                                            "data")))
            self.assertEqual(os.path.join(pkg, "_home"), _runner.home())
            # CANDELA_HOME still overrides the package's copy
            launcher = os.path.join(d, "checkout", "candela")
            os.makedirs(os.path.dirname(launcher))
            with open(launcher, "w") as f:
                f.write("#!/bin/sh\n")
            os.environ["CANDELA_HOME"] = os.path.dirname(launcher)
            self.assertEqual([launcher], _runner.command())

    def test_sweep_from_the_installed_package_says_it_needs_a_checkout(self):
        with tempfile.TemporaryDirectory() as d:
            self.installed(d)
            os.environ.pop("CANDELA_HOME", None)
            with self.assertRaises(CandelaError) as c:
                _runner.command(["sweep", "--models", "x"])
            self.assertIn("candela sweep runs on Apache Spark", c.exception.message)

    def test_too_old_a_java_is_one_line(self):
        with tempfile.TemporaryDirectory() as d:
            self.installed(d)
            os.environ.pop("CANDELA_HOME", None)
            java = fake_java(os.path.join(d, "old", "bin"), 'java version "1.8.0_392"')
            os.environ["JAVA_HOME"] = os.path.join(d, "old")
            with self.assertRaises(CandelaError) as c:
                _runner.command(["score-codes"])
            self.assertEqual("Candela needs Java 17 or newer: %s is Java 8.0.392 (set JAVA_HOME to"
                             " a Java 17+, or put one first on PATH)" % java, c.exception.message)

    def test_no_java_is_one_line(self):
        with tempfile.TemporaryDirectory() as d:
            self.installed(d)
            os.environ.pop("CANDELA_HOME", None)
            os.environ.pop("JAVA_HOME", None)
            os.environ["PATH"] = d
            with self.assertRaises(CandelaError) as c:
                _runner.command(["score-codes"])
            self.assertEqual("Candela needs Java 17 or newer: no java on PATH and no JAVA_HOME"
                             " (install one, e.g. apt-get install openjdk-17-jre-headless)",
                             c.exception.message)

    def test_java_versions_are_read(self):
        self.assertEqual((17, 0, 15), _runner.parse_java_version(
            'openjdk version "17.0.15" 2025-04-15\nOpenJDK Runtime Environment'))
        self.assertEqual((21,), _runner.parse_java_version('openjdk version "21" 2023-09-19'))
        self.assertEqual((8, 0, 392), _runner.parse_java_version('java version "1.8.0_392"'))
        self.assertIsNone(_runner.parse_java_version("no version here"))

    def test_the_console_command_passes_arguments_and_exit_code_through(self):
        with tempfile.TemporaryDirectory() as d:
            launcher = os.path.join(d, "candela")
            with open(launcher, "w") as f:
                f.write("#!/bin/sh\n[ \"$1\" = evaluate ] && exit 2\nexit 0\n")
            os.chmod(launcher, stat.S_IRWXU)
            os.environ["CANDELA_HOME"] = d
            self.assertEqual(2, _runner.main(["evaluate", "--model", "x"]))
            self.assertEqual(0, _runner.main(["--version"]))

    def test_the_console_script_on_path_is_not_taken_for_a_launcher(self):
        with tempfile.TemporaryDirectory() as d:
            script = os.path.join(d, "candela")
            with open(script, "w") as f:
                f.write("#!/usr/bin/python3\nimport candela._runner\n")
            os.chmod(script, stat.S_IRWXU)
            os.environ.pop("CANDELA_HOME", None)
            os.environ["PATH"] = d + os.pathsep + os.environ.get("PATH", "")
            _runner._PACKAGE_DIR = os.path.join(d, "nowhere", "candela")
            with self.assertRaises(CandelaError) as c:
                _runner.command()
            self.assertIn("this package carries no candela.jar", c.exception.message)

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
            _runner._PACKAGE_DIR = os.path.join(d, "nowhere", "candela")
            with self.assertRaises(CandelaError) as c:
                _runner.command()
        self.assertIn("CANDELA_HOME is not set", str(c.exception))
        self.assertIn("pip install ./python", str(c.exception))


if __name__ == "__main__":
    unittest.main()
