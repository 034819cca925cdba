"""Finding and running Candela: the installed package's own jar, a checkout's `candela`
launcher, or the jar's classes; and the Java it needs."""
import os
import shutil
import subprocess
import sys
import tempfile


class CandelaError(Exception):
    """A failed Candela call, carrying Candela's one-line message.

    Attributes: message (the line), exit_code (2 for bad input, 1 for other failures), command
    (the argument list that was run).
    """

    def __init__(self, message, exit_code=2, command=None):
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code
        self.command = command


# the package's own copy of Candela (the jar, its libraries, the shipped models and data
# specifications), laid out as a checkout so that the jar finds them; made by the install step
_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
MIN_JAVA = 17
_java_checked = {}


def _bundled_home():
    """The installed package's copy of Candela (candela/_home), or None (a source tree)."""
    h = os.path.join(_PACKAGE_DIR, "_home")
    return h if os.path.isfile(os.path.join(h, "target", "candela.jar")) else None


def _source_checkout():
    """The checkout this package's source sits in (python/candela of a checkout), or None."""
    root = os.path.dirname(os.path.dirname(_PACKAGE_DIR))
    launcher = os.path.join(root, "candela")
    ok = os.path.isfile(launcher) and os.path.isfile(os.path.join(root, "pom.xml"))
    return root if ok else None


def _is_console_script(path):
    """Whether a `candela` on PATH is this package's console command (a Python script)."""
    try:
        with open(path, "rb") as f:
            first = f.readline(200)
    except OSError:
        return False
    return first.startswith(b"#!") and b"python" in first


def _path_launcher():
    found = shutil.which("candela")
    if found and not _is_console_script(found):
        return found
    return None


def java():
    """The java command: JAVA_HOME/bin/java, else java on PATH; checked to be Java 17 or newer.

    Raises CandelaError (one line) when there is none or it is too old.
    """
    jh = os.environ.get("JAVA_HOME")
    exe = os.path.join(jh, "bin", "java") if jh else None
    if not exe or not os.path.isfile(exe):
        exe = shutil.which("java")
    if not exe:
        raise CandelaError("Candela needs Java %d or newer: no java on PATH and no JAVA_HOME"
                           " (install one, e.g. apt-get install openjdk-17-jre-headless)"
                           % MIN_JAVA, 1)
    if exe not in _java_checked:
        _java_checked[exe] = java_version(exe)
    version = _java_checked[exe]
    if version is None:
        raise CandelaError("Candela needs Java %d or newer: %s -version does not say its version"
                           % (MIN_JAVA, exe), 1)
    if version[0] < MIN_JAVA:
        raise CandelaError("Candela needs Java %d or newer: %s is Java %s (set JAVA_HOME to a"
                           " Java %d+, or put one first on PATH)"
                           % (MIN_JAVA, exe, ".".join(map(str, version)), MIN_JAVA), 1)
    return exe


def java_version(exe):
    """The (major, minor, ...) version `exe -version` prints (1.8 reads as 8), or None."""
    try:
        p = subprocess.run([exe, "-version"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return parse_java_version(p.stderr + p.stdout)


def parse_java_version(text):
    """The version in `java -version` output ('version "17.0.15"', '"1.8.0_392"', '"21"')."""
    import re
    m = re.search(r'version "([0-9][0-9._]*)', text)
    if not m:
        return None
    parts = [int(x) for x in re.split(r"[._]", m.group(1)) if x.isdigit()]
    if parts and parts[0] == 1 and len(parts) > 1:
        parts = parts[1:]
    return tuple(parts) or None


def _jar_command(home_dir, args):
    """java ... -jar HOME/target/candela.jar, with the Java options the checkout's launcher
    passes (Spark's module flags and HOME/target/spark-lib for sweep)."""
    jar = os.path.join(home_dir, "target", "candela.jar")
    opts = os.environ.get("CANDELA_JAVA_OPTS", "").split()
    first = list(args[:2])
    spark = ["sweep"] if first[:1] == ["sweep"] else first if first == ["bench", "sweep"] else None
    if spark:
        raise CandelaError("candela %s runs on Apache Spark, whose jars the installed package does"
                           " not carry: run it from a built Candela checkout (its ./candela), or"
                           " set CANDELA_HOME to one" % " ".join(spark), 2)
    return [java(), "-Dai.djl.offline=true", "-Dcandela.data=" + data_dir()] + opts + ["-jar", jar]


def data_dir():
    """Where the installed package's Candela writes generated default data: CANDELA_DATA, else
    $XDG_CACHE_HOME/candela/data (~/.cache/candela/data), not the install folder."""
    set_ = os.environ.get("CANDELA_DATA")
    if set_:
        return set_
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(cache, "candela", "data")


def command(args=()):
    """The command that runs Candela, as a list (the arguments not included).

    In this order: CANDELA_CLASSPATH (the jar's class path; used by the test suite, which runs
    before the jar exists) runs `java ... dev.candela.cli.Main`; CANDELA_HOME/candela (a
    checkout's launcher); the installed package's own jar (candela/_home); a `candela` launcher
    on PATH; the launcher of the checkout this package's source sits in. `args` (the command's
    arguments) only decides whether Spark is needed.
    """
    cp = os.environ.get("CANDELA_CLASSPATH")
    if cp:
        return [java(), "-Dai.djl.offline=true", "-cp", cp, "dev.candela.cli.Main"]
    home_env = os.environ.get("CANDELA_HOME")
    if home_env:
        launcher = os.path.join(home_env, "candela")
        if not os.path.isfile(launcher):
            raise CandelaError("CANDELA_HOME=%s: no candela launcher in it (set it to the root of"
                               " a Candela checkout)" % home_env)
        java()
        return [launcher]
    bundled = _bundled_home()
    if bundled:
        return _jar_command(bundled, list(args))
    found = _path_launcher()
    if found:
        java()
        return [found]
    checkout = _source_checkout()
    if checkout:
        java()
        return [os.path.join(checkout, "candela")]
    raise CandelaError("Candela not found: this package carries no candela.jar (install it with"
                       " pip install ./python from a Candela checkout), CANDELA_HOME is not set"
                       " and no candela launcher is on PATH")


def home():
    """Where Candela's files are: CANDELA_HOME, the installed package's copy, the folder of the
    `candela` launcher on PATH, or the checkout this source sits in (None when none is)."""
    h = os.environ.get("CANDELA_HOME")
    if h:
        return os.path.abspath(h)
    bundled = _bundled_home()
    if bundled:
        return bundled
    found = _path_launcher()
    if found:
        return os.path.dirname(os.path.realpath(found))
    return _source_checkout()


def main(argv=None):
    """The `candela` console command: runs Candela with the arguments, its output and exit code
    passed through."""
    args = sys.argv[1:] if argv is None else list(argv)
    try:
        cmd = command(args) + args
    except CandelaError as e:
        sys.stderr.write("candela: %s\n" % e.message)
        return e.exit_code
    try:
        return subprocess.call(cmd)
    except KeyboardInterrupt:
        return 130
    except OSError as e:
        sys.stderr.write("candela: cannot run %s: %s\n" % (cmd[0], e))
        return 1


def options(kwargs):
    """Keyword options as long options: samples=600 -> --samples 600, metrics=[a, b] -> --metrics
    a,b, quiet=True -> --quiet; False and None are left out."""
    out = []
    for key, value in kwargs.items():
        if value is None or value is False:
            continue
        flag = "--" + key.replace("_", "-")
        if value is True:
            out.append(flag)
        elif isinstance(value, (list, tuple, set)):
            out += [flag, ",".join(str(v) for v in value)]
        else:
            out += [flag, os.fspath(value) if isinstance(value, os.PathLike) else str(value)]
    return out


def run(args, echo=False):
    """Runs Candela with the arguments; returns (stdout, stderr lines).

    With echo, standard error (progress, messages) is copied to sys.stderr line by line as it
    comes. A non-zero exit raises CandelaError with Candela's last error line.
    """
    args = [str(a) for a in args]
    cmd = command(args) + args
    env = dict(os.environ)
    with tempfile.TemporaryFile(mode="w+") as out:
        try:
            p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.PIPE, text=True, env=env)
        except OSError as e:
            raise CandelaError("cannot run %s: %s" % (cmd[0], e), 1, cmd)
        err = []
        with p:
            for line in p.stderr:
                err.append(line.rstrip("\n"))
                if echo:
                    sys.stderr.write(line)
                    sys.stderr.flush()
            code = p.wait()
        out.seek(0)
        stdout = out.read()
    if code != 0:
        raise CandelaError(failure_message(err, code, "candela"), code, cmd)
    return stdout, err


def failure_message(err, code, what):
    """The line a failed Candela process leaves on standard error: Candela's own last message,
    else the first line (a JVM failure's "Error: ..." line), else `what exited with code N`."""
    lines = [x for x in err if x.strip()]
    msg = next((x for x in reversed(lines) if x.startswith("candela")), None)
    if msg is None:
        msg = lines[0] if lines else "%s exited with code %d" % (what, code)
    return msg
