"""The exporter: module shapes, files, the disentangling-vae layout, and one-line failures."""
import json
import os
import stat
import sys
import tempfile
import textwrap
import unittest

from tests import support
from tests.support import needs_torch

import candela

if support.HAVE_TORCH:
    import torch
    from torch import nn

    class MethodsVae(nn.Module):
        """encode() -> (mean, logvar); decode() -> (N, 1, 64, 64) logits."""

        def __init__(self, d=3):
            super().__init__()
            self.enc = nn.Linear(64 * 64, 2 * d)
            self.dec = nn.Linear(d, 64 * 64)
            self.d = d

        def encode(self, x):
            h = self.enc(x.flatten(1))
            return h[:, :self.d], h[:, self.d:]

        def decode(self, z):
            return self.dec(z).view(-1, 1, 64, 64)

    class ConcatEncoder(nn.Module):
        def __init__(self, d):
            super().__init__()
            self.lin = nn.Linear(64 * 64, 2 * d)

        def forward(self, x):
            return self.lin(x.flatten(1))  # (N, 2D): mean then logvar

    class SigmoidDecoder(nn.Module):
        def __init__(self, d):
            super().__init__()
            self.lin = nn.Linear(d, 64 * 64)

        def forward(self, z):
            return torch.sigmoid(self.lin(z))  # flat probabilities

    class SubmodulesVae(nn.Module):
        """encoder -> one (N, 2D) tensor; decoder -> flat probabilities."""

        def __init__(self, d=4):
            super().__init__()
            self.encoder = ConcatEncoder(d)
            self.decoder = SigmoidDecoder(d)

    class DistributionVae(nn.Module):
        """encode() -> Normal; decode() -> Bernoulli(logits)."""

        def __init__(self, d=2):
            super().__init__()
            self.mu = nn.Linear(64 * 64, d)
            self.ls = nn.Linear(64 * 64, d)
            self.dec = nn.Linear(d, 64 * 64)

        def encode(self, x):
            h = x.flatten(1)
            return torch.distributions.Normal(self.mu(h), torch.exp(self.ls(h)))

        def decode(self, z):
            return torch.distributions.Bernoulli(logits=self.dec(z).view(-1, 1, 64, 64))

    class NoVae(nn.Module):
        def forward(self, x):
            return x


def card(folder):
    with open(os.path.join(folder, "model.json")) as f:
        return json.load(f)


DSPRITES = [{"name": n, "size": s} for n, s in
            [("color", 1), ("shape", 3), ("scale", 6), ("orientation", 40), ("posX", 32),
             ("posY", 32)]]


@needs_torch
class ExportApiTest(unittest.TestCase):
    def setUp(self):
        torch.manual_seed(0)
        self.tmp = tempfile.TemporaryDirectory()
        self.d = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def check_means(self, folder, module, mean_of):
        enc = torch.jit.load(os.path.join(folder, "encoder.pt"))
        x = torch.rand(5, 1, 64, 64)
        with torch.no_grad():
            got_mean, _ = enc(x)
            self.assertTrue(torch.allclose(mean_of(module, x), got_mean, atol=1e-6))

    def test_encode_decode_methods(self):
        m = MethodsVae()
        out = candela.export_vae(m, os.path.join(self.d, "m"))
        c = card(out)
        self.assertEqual((3, "logits", "dsprites", DSPRITES),
                         (c["latentDim"], c["output"], c["dataset"], c["factors"]))
        self.assertEqual({"channels": 1, "height": 64, "width": 64}, c["input"])
        self.check_means(out, m, lambda mod, x: mod.encode(x)[0])

    def test_encoder_decoder_submodules_with_a_concatenated_output(self):
        m = SubmodulesVae()
        out = candela.export_vae(m, os.path.join(self.d, "s"))
        c = card(out)
        self.assertEqual((4, "probabilities"), (c["latentDim"], c["output"]))
        self.check_means(out, m, lambda mod, x: mod.encoder(x)[:, :4])
        dec = torch.jit.load(os.path.join(out, "decoder.pt"))
        self.assertEqual((2, 1, 64, 64), tuple(dec(torch.zeros(2, 4)).shape))

    def test_distribution_outputs(self):
        m = DistributionVae()
        out = candela.export_vae(m, os.path.join(self.d, "dist"))
        c = card(out)
        self.assertEqual((2, "logits"), (c["latentDim"], c["output"]))
        self.check_means(out, m, lambda mod, x: mod.encode(x).loc)
        enc = torch.jit.load(os.path.join(out, "encoder.pt"))
        x = torch.rand(3, 1, 64, 64)
        with torch.no_grad():
            _, logvar = enc(x)
            self.assertTrue(torch.allclose(2 * torch.log(m.encode(x).scale), logvar, atol=1e-5))

    def test_files_follow_the_umask(self):
        old = os.umask(0o022)
        try:
            out = candela.export_vae(MethodsVae(), os.path.join(self.d, "u"))
        finally:
            os.umask(old)
        for name in ("encoder.pt", "decoder.pt", "model.json"):
            mode = stat.S_IMODE(os.stat(os.path.join(out, name)).st_mode)
            self.assertEqual(0o644, mode, name)
        self.assertEqual(0o755, stat.S_IMODE(os.stat(out).st_mode))

    def test_factor_names_default_to_the_dataset_and_five_dsprites_names_are_enough(self):
        out = candela.export_vae(MethodsVae(), os.path.join(self.d, "f"),
                                 factors="shape,scale,orientation,posX,posY")
        self.assertEqual(DSPRITES, card(out)["factors"])
        out = candela.export_vae(MethodsVae(), os.path.join(self.d, "g"), dataset="3dshapes",
                                 channels=1)
        self.assertEqual(["floor_hue", "wall_hue", "object_hue", "scale", "shape", "orientation"],
                         [f["name"] for f in card(out)["factors"]])

    def test_failures_raise_one_line(self):
        cases = [
            (lambda: candela.export_vae(MethodsVae(), os.path.join(self.d, "x"),
                                        factors="shape,scal"),
             "export_vae: --factors shape,scal does not match the dsprites factors color:1,"
             "shape:3,scale:6,orientation:40,posX:32,posY:32 (write them in this order, or leave"
             " --factors out to use them)"),
            (lambda: candela.export_vae(MethodsVae(), os.path.join(self.d, "x"),
                                        factors="shape:4"),
             "export_vae: --factors: shape has 3 values in the dsprites specification, got 4"),
            (lambda: candela.export_vae(NoVae(), os.path.join(self.d, "x")),
             "export_vae: the module (class NoVae) has neither encode()/decode() methods nor"
             " encoder/decoder submodules"),
            (lambda: candela.export_vae(MethodsVae(), os.path.join(self.d, "x"), channels=3),
             "export_vae: the encoder fails on a (2, 3, 64, 64) batch: "),
        ]
        for call, want in cases:
            with self.assertRaises(candela.CandelaError) as c:
                call()
            msg = str(c.exception)
            self.assertTrue(msg.startswith(want), msg)
            self.assertEqual(1, len(msg.splitlines()), msg)
        self.assertFalse(os.path.exists(os.path.join(self.d, "x")))
        self.assertEqual([], [n for n in os.listdir(self.d) if n.startswith(".x")])


MODELS_PY = """
import torch
from torch import nn


class VAE(nn.Module):
    def __init__(self, latent_dim=3, hidden=8):
        super().__init__()
        self.encoder = nn.Sequential(nn.Flatten(), nn.Linear(64 * 64, hidden), nn.ReLU(),
                                     nn.Linear(hidden, 2 * latent_dim))
        self.decoder = nn.Sequential(nn.Linear(latent_dim, 64 * 64), nn.Unflatten(1, (1, 64, 64)))
        self.latent_dim = latent_dim

    def encode(self, x):
        h = self.encoder(x)
        return h[:, :self.latent_dim], h[:, self.latent_dim:]

    def decode(self, z):
        return self.decoder(z)
"""

# a stand-in for github.com/YannDubs/disentangling-vae: the same module paths, class names,
# constructor signatures and (mu, logvar) convention as its Burgess model, on tiny layers. Its
# package __init__ imports a module that does not exist, as the real one needs tqdm and imageio
# that the exporter must not need.
FAKE_ENCODERS = """
import numpy as np
import torch
from torch import nn


def get_encoder(model_type):
    return eval("Encoder{}".format(model_type.lower().capitalize()))


class EncoderBurgess(nn.Module):
    def __init__(self, img_size, latent_dim=10):
        super(EncoderBurgess, self).__init__()
        self.latent_dim = latent_dim
        self.img_size = img_size
        self.conv1 = nn.Conv2d(img_size[0], 2, 4, stride=4)
        self.mu_logvar_gen = nn.Linear(int(np.product((2, 16, 16))), self.latent_dim * 2)

    def forward(self, x):
        batch_size = x.size(0)
        x = torch.relu(self.conv1(x)).view((batch_size, -1))
        mu_logvar = self.mu_logvar_gen(x)
        mu, logvar = mu_logvar.view(-1, self.latent_dim, 2).unbind(-1)
        return mu, logvar
"""

FAKE_DECODERS = """
import torch
from torch import nn


class DecoderBurgess(nn.Module):
    def __init__(self, img_size, latent_dim=10):
        super(DecoderBurgess, self).__init__()
        self.img_size = img_size
        self.lin1 = nn.Linear(latent_dim, img_size[0] * img_size[1] * img_size[2])

    def forward(self, z):
        x = self.lin1(z).view(z.size(0), *self.img_size)
        return torch.sigmoid(x)
"""


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(textwrap.dedent(text))


@needs_torch
class ExportCliTest(unittest.TestCase):
    """models/export/export_vae.py as a user runs it, from their project folder."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.d = self.tmp.name
        write(os.path.join(self.d, "mymodels.py"), MODELS_PY)
        sys.modules.pop("mymodels", None)
        sys.path.insert(0, self.d)
        import mymodels
        torch.manual_seed(0)
        self.vae = mymodels.VAE(latent_dim=3, hidden=8)
        self.vae.eval()
        sys.path.remove(self.d)

    def tearDown(self):
        sys.modules.pop("mymodels", None)
        self.tmp.cleanup()

    def export(self, *args):
        return support.export_cli(list(args), self.d)

    def assert_ok(self, res, folder, latent_dim=3):
        code, out, err = res
        self.assertEqual(0, code, err)
        self.assertIn("wrote " + folder, out)
        c = card(os.path.join(self.d, folder))
        self.assertEqual(latent_dim, c["latentDim"])
        return c

    def assert_one_line(self, res, want, code=2):
        rc, out, err = res
        self.assertEqual(code, rc, err)
        self.assertNotIn("Traceback", err)
        self.assertEqual(1, len(err.strip().splitlines()), err)
        self.assertTrue(err.startswith("export_vae: " + want), err)

    def test_a_state_dict_with_its_class(self):
        torch.save(self.vae.state_dict(), os.path.join(self.d, "vae.pt"))
        self.assert_ok(self.export("--checkpoint", "vae.pt", "--class", "mymodels:VAE",
                                   "--kwargs", '{"latent_dim": 3, "hidden": 8}', "--out", "m1"),
                       "m1")
        enc = torch.jit.load(os.path.join(self.d, "m1", "encoder.pt"))
        x = torch.rand(4, 1, 64, 64)
        with torch.no_grad():
            self.assertTrue(torch.allclose(self.vae.encode(x)[0], enc(x)[0], atol=1e-6))

    def test_a_checkpoint_dict_with_its_class(self):
        torch.save({"epoch": 2, "model_state_dict": self.vae.state_dict(), "optimizer": {}},
                   os.path.join(self.d, "ckpt.pth"))
        self.assert_ok(self.export("--checkpoint", "ckpt.pth", "--class", "mymodels:VAE",
                                   "--kwargs", '{"hidden": 8}', "--out", "m2"), "m2")

    def test_a_pickled_module_and_a_torchscript_module(self):
        torch.save(self.vae, os.path.join(self.d, "whole.pt"))
        self.assert_ok(self.export("--checkpoint", "whole.pt", "--out", "m3"), "m3")
        torch.jit.script(self.vae).save(os.path.join(self.d, "scripted.pt"))
        c = self.assert_ok(self.export("--checkpoint", "scripted.pt", "--out", "m4"), "m4")
        self.assertTrue(c["architecture"].startswith("torchscript:"), c["architecture"])
        enc = torch.jit.load(os.path.join(self.d, "m4", "encoder.pt"))
        x = torch.rand(4, 1, 64, 64)
        with torch.no_grad():
            self.assertTrue(torch.allclose(self.vae.encode(x)[0], enc(x)[0], atol=1e-6))

    def test_an_encoder_and_a_decoder_file(self):
        torch.jit.trace(self.vae.encoder, torch.zeros(2, 1, 64, 64)).save(
            os.path.join(self.d, "e.pt"))
        torch.jit.trace(self.vae.decoder, torch.zeros(2, 3)).save(os.path.join(self.d, "d.pt"))
        self.assert_ok(self.export("--encoder", "e.pt", "--decoder", "d.pt", "--out", "m5"), "m5")

    def test_the_disentangling_vae_layout(self):
        repo = os.path.join(self.d, "disentangling-vae")
        write(os.path.join(repo, "disvae", "__init__.py"), "import module_the_exporter_never_needs\n")
        write(os.path.join(repo, "disvae", "models", "__init__.py"), "")
        write(os.path.join(repo, "disvae", "models", "encoders.py"), FAKE_ENCODERS)
        write(os.path.join(repo, "disvae", "models", "decoders.py"), FAKE_DECODERS)
        run = os.path.join(repo, "results", "btcvae_dsprites")
        write(os.path.join(run, "specs.json"), json.dumps(
            {"dataset": "dsprites", "img_size": [1, 64, 64], "latent_dim": 5,
             "model_type": "Burgess", "loss": "btcvae", "epochs": 30, "seed": 1234}))
        sys.path.insert(0, os.path.join(repo, "disvae", "models"))
        try:
            import encoders
            import decoders
            enc = encoders.EncoderBurgess((1, 64, 64), 5)
            dec = decoders.DecoderBurgess((1, 64, 64), 5)
        finally:
            sys.path.pop(0)
            sys.modules.pop("encoders", None)
            sys.modules.pop("decoders", None)
        state = {"encoder." + k: v for k, v in enc.state_dict().items()}
        state.update({"decoder." + k: v for k, v in dec.state_dict().items()})
        torch.save(state, os.path.join(run, "model.pt"), _use_new_zipfile_serialization=False)
        # the checkout is found from the run folder (RUN/../..)
        c = self.assert_ok(self.export("--disvae", run, "--out", "btc"), "btc", latent_dim=5)
        self.assertEqual(("disentangling-vae:Burgess", "probabilities", "dsprites", DSPRITES),
                         (c["architecture"], c["output"], c["dataset"], c["factors"]))
        self.assertEqual("btcvae", c["training"]["disentanglingVae"]["loss"])
        traced = torch.jit.load(os.path.join(self.d, "btc", "encoder.pt"))
        x = torch.rand(6, 1, 64, 64)
        with torch.no_grad():
            self.assertTrue(torch.allclose(enc(x)[0], traced(x)[0], atol=1e-6))
            self.assertTrue(torch.allclose(enc(x)[1], traced(x)[1], atol=1e-6))
        # a run copied elsewhere needs --repo
        moved = os.path.join(self.d, "elsewhere", "run")
        os.makedirs(moved)
        for n in ("specs.json", "model.pt"):
            with open(os.path.join(run, n), "rb") as f, open(os.path.join(moved, n), "wb") as g:
                g.write(f.read())
        self.assert_one_line(
            self.export("--disvae", moved, "--out", "x"),
            "%s: a disentangling-vae run; pass --repo PATH, a checkout of"
            " github.com/YannDubs/disentangling-vae, to rebuild its Burgess network" % moved)
        self.assert_ok(self.export("--disvae", moved, "--repo", repo, "--out", "btc2"), "btc2",
                       latent_dim=5)
        # weights of another size: one line naming what does not fit
        write(os.path.join(moved, "specs.json"), json.dumps(
            {"dataset": "dsprites", "img_size": [1, 64, 64], "latent_dim": 4,
             "model_type": "Burgess"}))
        self.assert_one_line(
            self.export("--disvae", moved, "--repo", repo, "--out", "x"),
            "%s: the weights do not fit disentangling-vae Burgess(img_size=[1, 64, 64],"
            " latent_dim=4): " % os.path.join(moved, "model.pt"))

    def test_failures_are_one_line(self):
        torch.save(self.vae.state_dict(), os.path.join(self.d, "vae.pt"))
        self.assert_one_line(
            self.export("--checkpoint", "vae.pt", "--out", "x"),
            "vae.pt: a state_dict (weights only): pass --class MODULE:CLASS [--kwargs JSON], the"
            " class that builds the network")
        self.assert_one_line(
            self.export("--checkpoint", "vae.pt", "--class", "mymodels:VAE", "--kwargs",
                        '{"hidden": 16}', "--out", "x"),
            "vae.pt: the weights do not fit mymodels:VAE: ")
        self.assert_one_line(
            self.export("--checkpoint", "vae.pt", "--class", "mymodels:VAE", "--kwargs",
                        '{"hidden": 8}', "--factors", "shape,scale,orientaton", "--out", "x"),
            "--factors shape,scale,orientaton does not match the dsprites factors")
        self.assert_one_line(
            self.export("--checkpoint", "vae.pt", "--class", "mymodel:VAE", "--out", "x"),
            "--class mymodel:VAE: No module named 'mymodel' (run from the folder that holds"
            " mymodel)")
        self.assert_one_line(
            self.export("--checkpoint", "vae.pt", "--class", "mymodels:VAE", "--kwargs", "{hidden",
                        "--out", "x"),
            "--kwargs: not JSON")
        self.assert_one_line(self.export("--checkpoint", "nothere.pt", "--out", "x"),
                             "nothere.pt: no such file")
        self.assert_one_line(self.export("--out"), "argument --out: expected one argument"
                             " (see --help)")
        self.assert_one_line(self.export("--disvae", self.d, "--out", "x"),
                             "%s: no such file (--disvae wants a run folder with model.pt and"
                             " specs.json)" % os.path.join(self.d, "specs.json"))
        self.assertFalse(os.path.exists(os.path.join(self.d, "x")))


if __name__ == "__main__":
    unittest.main()
