"""Shared set-up of the Python tests: where the checkout is, and a way to run Candela."""
import os
import subprocess
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXPORT = os.path.join(ROOT, "models", "export", "export_vae.py")

os.environ.setdefault("CANDELA_HOME", ROOT)
os.environ.setdefault("OMP_NUM_THREADS", "1")

try:
    import torch  # noqa: F401
    HAVE_TORCH = True
except ImportError:
    HAVE_TORCH = False

needs_torch = unittest.skipUnless(HAVE_TORCH, "needs PyTorch (Debian: python3-torch)")


def export_cli(args, cwd):
    """Runs models/export/export_vae.py; returns (exit code, stdout, stderr)."""
    p = subprocess.run([sys.executable, EXPORT] + list(args), cwd=cwd, capture_output=True,
                       text=True)
    return p.returncode, p.stdout, p.stderr
