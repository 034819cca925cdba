"""Install step of the candela package: the wheel carries Candela itself.

Besides the Python modules, the package gets candela/_home/, laid out as a checkout:
target/candela.jar with its libraries (target/lib), and the shipped models/ and datasets/
(the default VAE, the classifiers, the factor specifications), so that the installed package
runs with only a Java 17+ on PATH, from any folder, with no CANDELA_HOME. The jar is the one
the README's build made (../target/candela.jar); when it is missing or older than the sources,
this step builds it with the checkout's Maven wrapper (./mvnw -DskipTests package), as the
`candela` launcher does. Apache Spark's jars (for `sweep`) are not carried.
CANDELA_BUNDLE=0 installs the Python modules alone (they then need CANDELA_HOME or a
`candela` launcher on PATH; the test suite uses it before the jar exists).
"""
import os
import shutil
import subprocess
import sys

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def _newer_than(path, roots):
    t = os.path.getmtime(path)
    for r in roots:
        if os.path.isfile(r):
            if os.path.getmtime(r) > t:
                return True
            continue
        for d, _, files in os.walk(r):
            for f in files:
                if os.path.getmtime(os.path.join(d, f)) > t:
                    return True
    return False


def _built_jar():
    jar = os.path.join(ROOT, "target", "candela.jar")
    lib = os.path.join(ROOT, "target", "lib")
    sources = [os.path.join(ROOT, "pom.xml"), os.path.join(ROOT, "src", "main")]
    if not os.path.isfile(os.path.join(ROOT, "pom.xml")):
        sys.exit("candela install: %s is not a Candela checkout (no pom.xml): install the"
                 " package from the python/ folder of a checkout" % ROOT)
    if not (os.path.isfile(jar) and os.path.isdir(lib)) or _newer_than(jar, sources):
        sys.stderr.write("candela install: building %s (./mvnw -q -B -DskipTests package)\n" % jar)
        r = subprocess.call([os.path.join(ROOT, "mvnw"), "-q", "-B", "-DskipTests", "package"],
                            cwd=ROOT, stdout=sys.stderr)
        if r != 0 or not os.path.isfile(jar):
            sys.exit("candela install: the build failed (run ./mvnw -B package in %s to see why)"
                     % ROOT)
    return jar, lib


class BuildWithCandela(build_py):
    """build_py, then the copy of Candela under candela/_home."""

    def run(self):
        super().run()
        if os.environ.get("CANDELA_BUNDLE") == "0":
            return
        jar, lib = _built_jar()
        home = os.path.join(self.build_lib, "candela", "_home")
        if os.path.isdir(home):
            shutil.rmtree(home)
        target = os.path.join(home, "target")
        os.makedirs(target)
        shutil.copy2(jar, os.path.join(target, "candela.jar"))
        shutil.copytree(lib, os.path.join(target, "lib"))
        ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "snapshots")
        for d in ("models", "datasets"):
            shutil.copytree(os.path.join(ROOT, d), os.path.join(home, d), ignore=ignore)


setup(cmdclass={"build_py": BuildWithCandela})
