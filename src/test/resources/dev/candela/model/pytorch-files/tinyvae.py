"""A tiny VAE with encoder/decoder submodules and encode/decode methods (4x4 images, 2 latents)."""
import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(16, 4)

    def forward(self, x):
        h = self.lin(x.flatten(1))
        return h[:, :2], h[:, 2:]


class TinyVae(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = Encoder()
        self.decoder = nn.Linear(2, 16)

    def encode(self, x):
        return self.encoder(x)

    def decode(self, z):
        return self.decoder(z).reshape(-1, 1, 4, 4)

    def forward(self, x):
        mu, logvar = self.encode(x)
        return self.decode(mu)
