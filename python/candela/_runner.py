"""Finding and running Candela: the `candela` launcher of a checkout, or the jar's classes."""
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


def command():
    """The command that runs Candela, as a list.

    CANDELA_CLASSPATH (the jar's class path; used by the test suite, which runs before the jar
    exists) runs `java ... dev.candela.cli.Main`; else CANDELA_HOME/candela (a checkout's
    launcher); else `candela` on PATH.
    """
    cp = os.environ.get("CANDELA_CLASSPATH")
    if cp:
        java = shutil.which("java") or "java"
        return [java, "-Dai.djl.offline=true", "-cp", cp, "dev.candela.cli.Main"]
    home = os.environ.get("CANDELA_HOME")
    if home:
        launcher = os.path.join(home, "candela")
        if not os.path.isfile(launcher):
            raise CandelaError("CANDELA_HOME=%s: no candela launcher in it (set it to the root of"
                               " a Candela checkout)" % home)
        return [launcher]
    found = shutil.which("candela")
    if found:
        return [found]
    raise CandelaError("Candela not found: set CANDELA_HOME to the root of a Candela checkout, or"
                       " put its candela launcher on PATH")


def home():
    """The checkout's root: CANDELA_HOME, or the folder of the `candela` launcher on PATH."""
    h = os.environ.get("CANDELA_HOME")
    if h:
        return os.path.abspath(h)
    found = shutil.which("candela")
    if found:
        return os.path.dirname(os.path.realpath(found))
    return None


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
    cmd = command() + [str(a) for a in args]
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
        lines = [x for x in err if x.strip()]
        # Candela's own message; else the first line (a JVM failure's "Error: ..." line)
        msg = next((x for x in reversed(lines) if x.startswith("candela")), None)
        if msg is None:
            msg = lines[0] if lines else "candela exited with code %d" % code
        raise CandelaError(msg, code, cmd)
    return stdout, err
