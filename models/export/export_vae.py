#!/usr/bin/env python3
"""Export a PyTorch VAE to Candela's TorchScript model contract.

The exporter lives in the Python package of this checkout (python/candela/export.py); this script
runs it without installing anything:

  python3 models/export/export_vae.py --help
  python3 models/export/export_vae.py --disvae results/btcvae_dsprites --out models/btcvae
  python3 models/export/export_vae.py --checkpoint runs/vae.pt --class mypkg.vae:VAE \\
      --kwargs '{"latent_dim": 10}' --out models/my-vae

See docs/pytorch.md and docs/models.md. Runs with Debian's python3-torch (PyTorch 1.13) or later.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))

from candela.export import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
