"""Runs docs/pytorch.md: its files, shell blocks and Python blocks, in order, in an empty folder."""
import os
import re
import subprocess
import sys
import tempfile
import unittest

from tests import support
from tests.support import needs_torch

DOC = os.path.join(support.ROOT, "docs", "pytorch.md")


def blocks(text):
    """(language, body) of every fenced block."""
    return [(m.group(1), m.group(2)) for m in
            re.finditer(r"^```(\w*)\n(.*?)^```\s*$", text, flags=re.M | re.S)]


@needs_torch
class TutorialTest(unittest.TestCase):
    def test_the_tutorial_runs(self):
        with open(DOC) as f:
            text = f.read()
        env = dict(os.environ)
        env["CANDELA_HOME"] = support.ROOT
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        ran = 0
        with tempfile.TemporaryDirectory() as work, tempfile.TemporaryDirectory() as home:
            # `python3` in the shell blocks is the interpreter that runs these tests
            bindir = os.path.join(home, "bin")
            os.makedirs(bindir)
            os.symlink(sys.executable, os.path.join(bindir, "python3"))
            env["PATH"] = bindir + os.pathsep + env.get("PATH", "")
            if env.get("CANDELA_CLASSPATH"):
                # in the build's test phase the jar does not exist yet: a stand-in checkout whose
                # candela runs the build's classes, with the real checkout's folders
                for name in ("models", "python", "datasets", "docs"):
                    os.symlink(os.path.join(support.ROOT, name), os.path.join(home, name))
                launcher = os.path.join(home, "candela")
                with open(launcher, "w") as f:
                    f.write('#!/bin/sh\nexec java -Dai.djl.offline=true -cp "$CANDELA_CLASSPATH"'
                            ' dev.candela.cli.Main "$@"\n')
                os.chmod(launcher, 0o755)
                env["CANDELA_HOME"] = home
                env["CANDELA_BUNDLE"] = "0"  # no jar to carry yet; CANDELA_HOME finds Candela
            for lang, body in blocks(text):
                first = body.splitlines()[0] if body else ""
                if lang == "python" and first.startswith("# file: "):
                    with open(os.path.join(work, first[len("# file: "):].strip()), "w") as f:
                        f.write(body)
                    continue
                if lang == "bash":
                    cmd = ["bash", "-euo", "pipefail", "-c", body]
                elif lang == "python" and first.strip() == "# run":
                    cmd = [sys.executable, "-c", body]
                else:
                    continue
                p = subprocess.run(cmd, cwd=work, env=env, capture_output=True, text=True)
                self.assertEqual(0, p.returncode, "block failed:\n%s\n--- stdout\n%s\n--- stderr\n%s"
                                 % (body, p.stdout[-3000:], p.stderr[-3000:]))
                ran += 1
            for f in ("out/my-vae/report.html", "out/my-vae/scores.csv",
                      "out/python/report.html", "models/my-vae/model.json"):
                self.assertTrue(os.path.isfile(os.path.join(work, f)), f)
        self.assertEqual(5, ran)


if __name__ == "__main__":
    unittest.main()
