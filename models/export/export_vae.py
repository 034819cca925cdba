#!/usr/bin/env python3
"""Export a PyTorch VAE to Candela's TorchScript model contract.

Contract (docs/models.md): a model directory with
  encoder.pt  TorchScript; forward(x: float (N,C,H,W) in [0,1]) -> (mean (N,D), logvar (N,D))
  decoder.pt  TorchScript; forward(z: float (N,D)) -> (N,C,H,W) logits (or probabilities)
  model.json  the card: kind "vae", format "torchscript", input shape, latentDim, factors,
              output convention ("logits" or "probabilities"), weights' SHA-256.

Your model: any nn.Module with methods encode(x) -> (mean, logvar) and decode(z) -> image,
built by a factory you name with --module package.module:function. The module is imported from
the current directory (no PYTHONPATH needed: run the script from your project's root). The factory
is called with the --checkpoint path when one is given (factory(checkpoint)), else with no
arguments (load your weights inside it). With --module the input side defaults to 64 (dSprites,
MPI3D, 3dshapes) and --latent-dim to the width of the encoder's mean for a blank batch. Without
--module the script builds a small built-in VAE (--arch tiny: one conv + linear layers; seeded,
untrained; side 16, 3 latents) which is what the test fixture uses.

Everything is written to a temporary folder next to --out and moved into place at the end: a
factory or tracing failure leaves no (empty or half-written) --out folder.

--expected also writes expected.json: a fixed input batch (x[i] = ((i * 37) % 101) / 100 over
the flat batch), the encoder's means and log-variances for it, a fixed latent batch
(z[i] = ((i * 13) % 17) / 8 - 1) and the decoder output for it, so a loader can be checked.

Runs with Debian's python3-torch (/usr/bin/python3), PyTorch 1.13 or later.
"""
import argparse
import hashlib
import importlib
import json
import os
import shutil
import sys
import tempfile

import torch
from torch import nn


class TinyVae(nn.Module):
    """A small VAE for fixtures: conv(4 filters, 4x4, stride 4) + linear; linear decoder."""

    def __init__(self, channels: int, side: int, latent_dim: int):
        super().__init__()
        self.channels = channels
        self.side = side
        self.conv = nn.Conv2d(channels, 4, kernel_size=4, stride=4)
        feat = 4 * (side // 4) * (side // 4)
        self.enc = nn.Linear(feat, 2 * latent_dim)
        self.dec = nn.Linear(latent_dim, channels * side * side)
        self.latent_dim = latent_dim

    def encode(self, x):
        h = torch.relu(self.conv(x)).flatten(1)
        out = self.enc(h)
        return out[:, : self.latent_dim], out[:, self.latent_dim :]

    def decode(self, z):
        return self.dec(z).reshape(-1, self.channels, self.side, self.side)


class Encoder(nn.Module):
    def __init__(self, vae):
        super().__init__()
        self.vae = vae

    def forward(self, x):
        mean, logvar = self.vae.encode(x)
        return mean, logvar


class Decoder(nn.Module):
    def __init__(self, vae):
        super().__init__()
        self.vae = vae

    def forward(self, z):
        return self.vae.decode(z)


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 16), b""):
            h.update(chunk)
    return "sha256:" + h.hexdigest()


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", required=True, help="output model directory")
    p.add_argument("--module", help="package.module:factory returning a VAE with encode/decode")
    p.add_argument("--checkpoint", help="passed to the --module factory: factory(checkpoint)")
    p.add_argument("--arch", default="tiny", help="built-in architecture when no --module (tiny)")
    p.add_argument("--channels", type=int, default=1)
    p.add_argument("--side", type=int, help="input height = width (default 64 with --module, else 16)")
    p.add_argument("--latent-dim", type=int, help="default: inferred with --module, else 3")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--dataset", default="unknown")
    p.add_argument("--factors", default="", help="name:size,name:size,... in dataset order")
    p.add_argument("--output", default="logits", choices=["logits", "probabilities"])
    p.add_argument("--expected", action="store_true", help="also write expected.json")
    p.add_argument("--batch", type=int, default=2, help="rows of the expected.json batches")
    a = p.parse_args()

    torch.manual_seed(a.seed)
    if a.module:
        if ":" not in a.module:
            sys.exit("export_vae.py: --module must be package.module:factory, got " + a.module)
        mod, fn = a.module.split(":", 1)
        if os.getcwd() not in sys.path:
            sys.path.insert(0, os.getcwd())
        try:
            factory = getattr(importlib.import_module(mod), fn)
        except (ImportError, AttributeError) as e:
            sys.exit("export_vae.py: --module %s: %s (run from the folder that holds %s)"
                     % (a.module, e, mod.split(".")[0]))
        vae = factory(a.checkpoint) if a.checkpoint else factory()
        arch = a.module
        if a.side is None:
            a.side = 64
    else:
        if a.arch != "tiny":
            sys.exit("unknown --arch " + a.arch)
        if a.side is None:
            a.side = 16
        if a.latent_dim is None:
            a.latent_dim = 3
        vae = TinyVae(a.channels, a.side, a.latent_dim)
        arch = "tiny"
    vae.eval()
    x = torch.zeros(a.batch, a.channels, a.side, a.side)
    if a.latent_dim is None:
        with torch.no_grad():
            a.latent_dim = int(vae.encode(x)[0].shape[1])
    z = torch.zeros(a.batch, a.latent_dim)
    out = os.path.abspath(a.out)
    parent = os.path.dirname(out)
    os.makedirs(parent, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="." + os.path.basename(out) + ".", dir=parent)
    try:
        write_model(a, vae, arch, x, z, tmp)
        if os.path.isdir(out):
            for name in os.listdir(tmp):
                os.replace(os.path.join(tmp, name), os.path.join(out, name))
            os.rmdir(tmp)
        else:
            os.rename(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    print("wrote", a.out)


def write_model(a, vae, arch, x, z, out):
    """Traces the encoder and decoder and writes the model folder's files into out."""
    with torch.no_grad():
        enc = torch.jit.trace(Encoder(vae), x)
        dec = torch.jit.trace(Decoder(vae), z)
    enc.save(os.path.join(out, "encoder.pt"))
    dec.save(os.path.join(out, "decoder.pt"))

    factors = []
    if a.factors:
        for item in a.factors.split(","):
            name, size = item.split(":")
            factors.append({"name": name, "size": int(size)})
    card = {
        "kind": "vae",
        "format": "torchscript",
        "architecture": arch,
        "input": {"channels": a.channels, "height": a.side, "width": a.side},
        "latentDim": a.latent_dim,
        "dataset": a.dataset,
        "factors": factors,
        "output": a.output,
        "training": {"exportedBy": "models/export/export_vae.py", "seed": a.seed, "torch": torch.__version__},
        "results": {},
        "weights": {f: sha256(os.path.join(out, f)) for f in ("encoder.pt", "decoder.pt")},
        "command": " ".join(["python3", "models/export/export_vae.py"] + sys.argv[1:]),
    }
    with open(os.path.join(out, "model.json"), "w") as f:
        json.dump(card, f, indent=2)

    if a.expected:
        n = a.batch * a.channels * a.side * a.side
        xs = torch.tensor([((i * 37) % 101) / 100.0 for i in range(n)]).reshape(x.shape)
        nz = a.batch * a.latent_dim
        zs = torch.tensor([((i * 13) % 17) / 8.0 - 1.0 for i in range(nz)]).reshape(z.shape)
        with torch.no_grad():
            mean, logvar = enc(xs)
            img = dec(zs)
        exp = {
            "input": "x[i] = ((i * 37) % 101) / 100 over the flat (N,C,H,W) batch",
            "latents": "z[i] = ((i * 13) % 17) / 8 - 1 over the flat (N,D) batch",
            "n": a.batch,
            "mean": mean.tolist(),
            "logVar": logvar.tolist(),
            "decodedLogits": img.flatten().tolist(),
        }
        with open(os.path.join(out, "expected.json"), "w") as f:
            json.dump(exp, f)


if __name__ == "__main__":
    main()
