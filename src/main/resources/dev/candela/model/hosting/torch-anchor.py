#!/usr/bin/env python3
"""Plain-PyTorch anchor for Candela's model benchmarks (`candela bench models|cg --anchor-python`).

Builds the dl-conv64 VAE encoder and decoder and the conv3-fc factor classifier (conv3-fc256 with
--classifier-hidden 256) with torch.nn, the
same layer shapes as Candela's dev.candela.model.arch.Architectures and TransposedConv2d (PyTorch's own
ConvTranspose2d(4, 2, padding 1) here), and times them on one device. The weights are random: only
throughput is measured.

Protocol: the process prints one JSON line with the torch version, device and thread count, then
reads one JSON command per line on standard input and answers each with one JSON line, so that a
Java benchmark can interleave these timings with its own in the same run:

  {"op": "encode", "batch": B, "seconds": S}  -> {"op": "encode", "batch": B, "imagesPerSecond": R}
  {"op": "decode", ...}   decoder + sigmoid
  {"op": "cg", ...}       decoder + sigmoid + classifier + one softmax per factor (the CG workload)
  {"op": "train", "batch": B, "steps": K}  beta-VAE step (Bernoulli reconstruction + 4 KL), Adam
                                            1e-3; images/s over the steps after the first two

Every op moves its input from a CPU tensor to the device and its result back to the CPU, as
Candela's calls do; inference runs under torch.no_grad(). Standalone use:

  OMP_NUM_THREADS=2 python3 torch-anchor.py --threads 2 <<< '{"op": "encode", "batch": 64, "seconds": 2}'
"""

import argparse
import json
import sys
import time

import torch
from torch import nn


def encoder(channels, latent_dim):
    return nn.Sequential(
        nn.Conv2d(channels, 32, 4, 2, 1), nn.ReLU(),
        nn.Conv2d(32, 32, 4, 2, 1), nn.ReLU(),
        nn.Conv2d(32, 64, 4, 2, 1), nn.ReLU(),
        nn.Conv2d(64, 64, 4, 2, 1), nn.ReLU(),
        nn.Flatten(),
        nn.Linear(1024, 256), nn.ReLU(),
        nn.Linear(256, 2 * latent_dim))


def decoder(channels, latent_dim):
    return nn.Sequential(
        nn.Linear(latent_dim, 256), nn.ReLU(),
        nn.Linear(256, 1024), nn.ReLU(),
        nn.Unflatten(1, (64, 4, 4)),
        nn.ConvTranspose2d(64, 64, 4, 2, 1), nn.ReLU(),
        nn.ConvTranspose2d(64, 32, 4, 2, 1), nn.ReLU(),
        nn.ConvTranspose2d(32, 32, 4, 2, 1), nn.ReLU(),
        nn.ConvTranspose2d(32, channels, 4, 2, 1))


def classifier(channels, outputs, hidden=0):
    """conv3-fc, or conv3-fc256 with hidden=256 (a hidden dense layer and ReLU before the heads)."""
    head = ([nn.Linear(64 * 8 * 8, hidden), nn.ReLU(), nn.Linear(hidden, outputs)] if hidden > 0
            else [nn.Linear(64 * 8 * 8, outputs)])
    return nn.Sequential(
        nn.Conv2d(channels, 32, 4, 2, 1), nn.ReLU(),
        nn.Conv2d(32, 64, 4, 2, 1), nn.ReLU(),
        nn.Conv2d(64, 64, 4, 2, 1), nn.ReLU(),
        nn.Flatten(),
        *head)


class Anchor:
    def __init__(self, args):
        self.dev = torch.device(args.device)
        self.d = args.latent_dim
        self.c = args.channels
        self.heads = args.factor_sizes
        torch.manual_seed(args.seed)
        self.enc = encoder(self.c, self.d).to(self.dev)
        self.dec = decoder(self.c, self.d).to(self.dev)
        self.clf = classifier(self.c, sum(self.heads), args.classifier_hidden).to(self.dev)
        for m in (self.enc, self.dec, self.clf):
            m.eval()

    def sync(self):
        if self.dev.type == "cuda":
            torch.cuda.synchronize(self.dev)

    def inputs(self, op, batch):
        if op == "encode":
            return torch.rand(batch, self.c, 64, 64)
        return torch.randn(batch, self.d)

    def run(self, op, x):
        x = x.to(self.dev)
        if op == "encode":
            return self.enc(x)[:, : self.d].cpu()
        images = torch.sigmoid(self.dec(x))
        if op == "decode":
            return images.cpu()
        logits = self.clf(images)
        return [p.cpu() for p in (s.softmax(1) for s in logits.split(self.heads, 1))]

    def throughput(self, op, batch, seconds):
        x = self.inputs(op, batch)
        with torch.no_grad():
            self.run(op, x)  # warm-up
            self.sync()
            images = 0
            t0 = time.perf_counter()
            while time.perf_counter() - t0 < seconds or images == 0:
                self.run(op, x)
                images += batch
            return images / (time.perf_counter() - t0)

    def train(self, batch, steps):
        if steps < 3:
            raise ValueError("train needs >= 3 steps, got %d" % steps)
        enc = encoder(self.c, self.d).to(self.dev)
        dec = decoder(self.c, self.d).to(self.dev)
        enc.train()
        dec.train()
        params = list(enc.parameters()) + list(dec.parameters())
        opt = torch.optim.Adam(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8)
        data = (torch.rand(steps, batch, self.c, 64, 64) < 0.1).float()
        bce = nn.BCEWithLogitsLoss(reduction="none")
        t0 = None
        for s in range(steps):
            if s == 2:
                self.sync()
                t0 = time.perf_counter()
            x = data[s].to(self.dev)
            h = enc(x)
            mean, log_var = h[:, : self.d], h[:, self.d :]
            z = mean + torch.exp(0.5 * log_var) * torch.randn_like(mean)
            logits = dec(z)
            recon = bce(logits, x).reshape(batch, -1).sum(1).mean()
            kl = 0.5 * (mean.square() + log_var.exp() - log_var - 1).sum(1).mean()
            loss = recon + 4.0 * kl
            opt.zero_grad()
            loss.backward()
            opt.step()
            loss.item()  # Candela reads the loss terms back every step
        self.sync()
        return (steps - 2) * batch / (time.perf_counter() - t0)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--device", default="cpu", help="cpu, cuda or cuda:K")
    p.add_argument("--threads", type=int, default=0, help="intra-op threads (0: torch's default)")
    p.add_argument("--latent-dim", type=int, default=10)
    p.add_argument("--channels", type=int, default=1)
    p.add_argument(
        "--factor-sizes", type=lambda s: [int(v) for v in s.split(",")], default=[1, 3, 6, 40, 32, 32])
    p.add_argument("--classifier-hidden", type=int, default=0,
                   help="units of the classifier's hidden dense layer (0: conv3-fc; 256: conv3-fc256)")
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args()
    if args.threads > 0:
        torch.set_num_threads(args.threads)
    anchor = Anchor(args)
    print(json.dumps({"torch": torch.__version__, "device": str(anchor.dev),
                      "threads": torch.get_num_threads(),
                      "cuda": torch.version.cuda,
                      "gpu": torch.cuda.get_device_name(anchor.dev) if anchor.dev.type == "cuda" else None}),
          flush=True)
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        cmd = json.loads(line)
        op = cmd["op"]
        if op == "train":
            rate = anchor.train(int(cmd["batch"]), int(cmd["steps"]))
        elif op in ("encode", "decode", "cg"):
            rate = anchor.throughput(op, int(cmd["batch"]), float(cmd["seconds"]))
        else:
            raise ValueError("unknown op " + op)
        print(json.dumps({"op": op, "batch": cmd["batch"], "imagesPerSecond": rate}), flush=True)


if __name__ == "__main__":
    main()
