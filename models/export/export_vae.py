#!/usr/bin/env python3
"""Export a PyTorch VAE to Candela's TorchScript model contract.

Contract (docs/models.md): a model directory with
  encoder.pt  TorchScript; forward(x: float (N,C,H,W) in [0,1]) -> (mean (N,D), logvar (N,D))
  decoder.pt  TorchScript; forward(z: float (N,D)) -> (N,C,H,W) logits (or probabilities)
  model.json  the card: kind "vae", format "torchscript", input shape, latentDim, factors,
              output convention ("logits" or "probabilities"), weights' SHA-256.

Your model: any nn.Module with methods encode(x) -> (mean, logvar) and decode(z) -> image,
built by a factory you name with --module package.module:function (called with no arguments;
load your weights inside it). Without --module the script builds a small built-in VAE
(--arch tiny: one conv + linear layers; seeded, untrained) which is what the test fixture uses.

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
import sys

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
    p.add_argument("--arch", default="tiny", help="built-in architecture when no --module (tiny)")
    p.add_argument("--channels", type=int, default=1)
    p.add_argument("--side", type=int, default=16, help="input height = width")
    p.add_argument("--latent-dim", type=int, default=3)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--dataset", default="unknown")
    p.add_argument("--factors", default="", help="name:size,name:size,... in dataset order")
    p.add_argument("--output", default="logits", choices=["logits", "probabilities"])
    p.add_argument("--expected", action="store_true", help="also write expected.json")
    p.add_argument("--batch", type=int, default=2, help="rows of the expected.json batches")
    a = p.parse_args()

    torch.manual_seed(a.seed)
    if a.module:
        mod, fn = a.module.split(":")
        vae = getattr(importlib.import_module(mod), fn)()
        arch = a.module
    else:
        if a.arch != "tiny":
            sys.exit("unknown --arch " + a.arch)
        vae = TinyVae(a.channels, a.side, a.latent_dim)
        arch = "tiny"
    vae.eval()
    os.makedirs(a.out, exist_ok=True)
    x = torch.zeros(a.batch, a.channels, a.side, a.side)
    z = torch.zeros(a.batch, a.latent_dim)
    with torch.no_grad():
        enc = torch.jit.trace(Encoder(vae), x)
        dec = torch.jit.trace(Decoder(vae), z)
    enc.save(os.path.join(a.out, "encoder.pt"))
    dec.save(os.path.join(a.out, "decoder.pt"))

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
        "weights": {f: sha256(os.path.join(a.out, f)) for f in ("encoder.pt", "decoder.pt")},
        "command": " ".join(["python3", "models/export/export_vae.py"] + sys.argv[1:]),
    }
    with open(os.path.join(a.out, "model.json"), "w") as f:
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
        with open(os.path.join(a.out, "expected.json"), "w") as f:
            json.dump(exp, f)
    print("wrote", a.out)


if __name__ == "__main__":
    main()
