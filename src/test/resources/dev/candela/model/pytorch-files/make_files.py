"""Writes the small PyTorch files PyTorchFilesTest inspects (run from this folder).

/usr/bin/python3 make_files.py   # Debian python3-torch 1.13
"""
import os
import sys

import torch
from torch import nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tinyvae import TinyVae  # noqa: E402

torch.manual_seed(0)
vae = TinyVae()
torch.save(vae.state_dict(), "state_dict.pt")
torch.save(vae, "module.pth")
torch.save({"epoch": 3, "model_state_dict": vae.state_dict(), "optimizer_state_dict": {"state": {}, "param_groups": []}}, "checkpoint.pt")
torch.save(vae.state_dict(), "legacy.pt", _use_new_zipfile_serialization=False)
torch.jit.script(vae).save("scripted_vae.pt")
torch.jit.trace(vae.encoder, torch.zeros(1, 1, 4, 4)).save("encoder_only.pt")
os.makedirs("disvae-run", exist_ok=True)
with open("disvae-run/specs.json", "w") as f:
    f.write('{"dataset": "dsprites", "img_size": [1, 64, 64], "latent_dim": 10, "model_type": "Burgess"}\n')
torch.save(vae.state_dict(), "disvae-run/model.pt", _use_new_zipfile_serialization=False)
