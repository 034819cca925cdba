"""Export a PyTorch VAE to Candela's TorchScript model contract (docs/models.md, docs/pytorch.md).

A Candela model folder holds
  encoder.pt  TorchScript; forward(x: float (N,C,H,W) in [0,1]) -> (mean (N,D), logvar (N,D))
  decoder.pt  TorchScript; forward(z: float (N,D)) -> (N,C,H,W) logits or probabilities
  model.json  the card: kind "vae", format "torchscript", input shape, latentDim, dataset,
              factors, output convention, the weights' SHA-256.

Where the VAE comes from (one of):
  --checkpoint FILE             torch.save(model) (a pickled module), a TorchScript module, or a
                                training-checkpoint dict holding a module
  --class MOD:CLASS [--kwargs JSON] [--checkpoint FILE]
                                the class that builds the network, called as CLASS(**kwargs); the
                                checkpoint's state_dict (or the one under 'state_dict',
                                'model_state_dict', 'model', ... of a checkpoint dict) is loaded
  --module MOD:FACTORY [--checkpoint FILE]
                                a function returning the module: FACTORY(FILE) or FACTORY()
  --encoder FILE --decoder FILE two modules (TorchScript or pickled)
  --disvae RUN_DIR [--repo PATH]
                                a disentangling-vae run (model.pt + specs.json); the network is
                                rebuilt from the checkout's disvae/models/encoders.py and
                                decoders.py (found at RUN_DIR/../.. when --repo is not given)
  (none)                        a small built-in seeded VAE (--arch tiny), the test fixture

The module may have encode(x)/decode(z) methods or encoder/decoder submodules. The encoder may
return (mean, logvar) (extra outputs are ignored), one tensor of width 2D (the first half is the
mean), a dict with mean/logvar entries, or a torch.distributions.Normal; the decoder an image
tensor ((N,C,H,W) or flat), a tuple whose first item is it, or a Bernoulli/Normal distribution.
--output defaults to "probabilities" when every decoded value of a seeded probe batch lies in
[0, 1], else "logits". --dataset (default dsprites) names a Candela dataset specification
(datasets/specs/); --factors defaults to its factors, --channels and --side to its image.
MOD is imported from the current folder (run from your project's root; no PYTHONPATH needed).

Everything is written to a temporary folder next to --out and moved into place at the end, so a
failure leaves no half-written model folder. Every failure is one line ("export_vae: ..."), exit
code 2 for bad input and 1 otherwise. Runs with Debian's python3-torch (1.13) or later.
"""
import argparse
import hashlib
import importlib
import importlib.util
import json
import os
import shutil
import sys
import tempfile
import warnings

SPECS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "specs")

STATE_DICT_KEYS = ("state_dict", "model_state_dict", "model", "net", "vae", "network", "weights")


class ExportError(Exception):
    """A one-line message about input the user can fix."""


def _torch():
    try:
        import torch  # noqa: F401
    except ImportError:
        raise ExportError("exporting needs PyTorch (Debian: apt-get install python3-torch)")
    return torch


def dataset_names():
    return sorted(f[:-5] for f in os.listdir(SPECS) if f.endswith(".json"))


def dataset_spec(name):
    """The Candela factor specification of a dataset, or None when Candela has none."""
    path = os.path.join(SPECS, name + ".json")
    if not os.path.isfile(path):
        return None
    with open(path) as f:
        return json.load(f)


def resolve_factors(dataset, factors):
    """[(name, size)] from --factors (names, or name:size, in order) and the dataset's spec.

    With a spec, the names must be the spec's in order; factors with one value (dSprites' color)
    may be left out; sizes, when written, must equal the spec's. Without --factors: the spec's.
    """
    spec = dataset_spec(dataset)
    full = [(f["name"], len(f["values"])) for f in spec["factors"]] if spec else None
    if isinstance(factors, str):
        factors = [x.strip() for x in factors.split(",") if x.strip()]
    if not factors:
        return full or []
    given = []
    for item in factors:
        if isinstance(item, (tuple, list)):
            name, size = item[0], int(item[1])
        elif ":" in str(item):
            name, size = str(item).split(":", 1)
            try:
                size = int(size)
            except ValueError:
                raise ExportError("--factors: '%s' needs an integer size after ':'" % item)
        else:
            name, size = str(item), None
        given.append((name, size))
    if full is None:
        missing = [n for n, s in given if s is None]
        if missing:
            raise ExportError(
                "--factors: dataset '%s' has no Candela specification, so every factor needs its"
                " size (name:size), got %s" % (dataset, ",".join(missing)))
        return given
    want = ",".join("%s:%d" % f for f in full)
    it = iter(full)
    out_names = []
    for name, size in given:
        for spec_name, spec_size in it:
            if spec_name == name:
                if size is not None and size != spec_size:
                    raise ExportError(
                        "--factors: %s has %d values in the %s specification, got %d (write %s,"
                        " or leave --factors out)" % (name, spec_size, dataset, size, want))
                out_names.append(name)
                break
            if spec_size != 1:
                it = None
                break
        else:
            it = None
        if it is None:
            raise ExportError(
                "--factors %s does not match the %s factors %s (write them in this order, or"
                " leave --factors out to use them)"
                % (",".join(n if s is None else "%s:%d" % (n, s) for n, s in given), dataset,
                   want))
    left = [n for n, s in it if s != 1]
    if left:
        raise ExportError(
            "--factors misses %s of the %s factors %s (leave --factors out to use them all)"
            % (",".join(left), dataset, want))
    return full


def _import(spec, what):
    if ":" not in spec:
        raise ExportError("%s must be package.module:name, got %s" % (what, spec))
    mod, name = spec.split(":", 1)
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        module = importlib.import_module(mod)
    except ImportError as e:
        raise ExportError("%s %s: %s (run from the folder that holds %s)"
                          % (what, spec, e, mod.split(".")[0]))
    try:
        return getattr(module, name)
    except AttributeError:
        raise ExportError("%s %s: module %s has no %s" % (what, spec, mod, name))


def _is_torchscript(path):
    import zipfile
    if not zipfile.is_zipfile(path):
        return False
    with zipfile.ZipFile(path) as z:
        return any("/code/" in n or n.endswith("constants.pkl") for n in z.namelist())


def load_file(path):
    """A TorchScript module or whatever torch.load gives (CPU), with one-line errors."""
    torch = _torch()
    if not os.path.isfile(path):
        raise ExportError("%s: no such file" % path)
    if _is_torchscript(path):
        try:
            return torch.jit.load(path, map_location="cpu")
        except Exception as e:
            raise ExportError("%s: cannot load TorchScript: %s" % (path, _first_line(e)))
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        try:  # the user's own checkpoint: PyTorch 2.6+ would refuse a pickled module by default
            return torch.load(path, map_location="cpu", weights_only=False)
        except TypeError:
            return torch.load(path, map_location="cpu")
    except (ModuleNotFoundError, AttributeError) as e:
        raise ExportError(
            "%s: a pickled module whose class cannot be imported (%s): run from the folder that"
            " holds its package" % (path, _first_line(e)))
    except Exception as e:
        raise ExportError("%s: cannot read with torch.load: %s" % (path, _first_line(e)))


def _is_state_dict(obj):
    torch = _torch()
    return isinstance(obj, dict) and obj and all(torch.is_tensor(v) for v in obj.values())


def state_dict_of(obj, path):
    """The state_dict in a loaded checkpoint: itself, or the one under a usual key."""
    torch = _torch()
    if isinstance(obj, torch.nn.Module):
        return obj.state_dict()
    if _is_state_dict(obj):
        return obj
    if isinstance(obj, dict):
        for k in STATE_DICT_KEYS:
            if k in obj:
                v = obj[k]
                if isinstance(v, torch.nn.Module):
                    return v.state_dict()
                if _is_state_dict(v):
                    return v
        found = [k for k, v in obj.items() if _is_state_dict(v)]
        if len(found) == 1:
            return obj[found[0]]
        raise ExportError("%s: a dict with keys %s and no single state_dict among them"
                          % (path, ", ".join(map(str, obj.keys()))))
    raise ExportError("%s: holds a %s, not a state_dict" % (path, type(obj).__name__))


def module_of(obj, path):
    """The nn.Module in a loaded file (itself, or the one value of a checkpoint dict)."""
    torch = _torch()
    if isinstance(obj, (torch.nn.Module, torch.jit.ScriptModule)):
        return obj
    if isinstance(obj, dict):
        mods = [v for v in obj.values() if isinstance(v, torch.nn.Module)]
        if len(mods) == 1:
            return mods[0]
        if _is_state_dict(obj) or any(_is_state_dict(v) for v in obj.values()):
            raise ExportError(
                "%s: a state_dict (weights only): pass --class MODULE:CLASS [--kwargs JSON], the"
                " class that builds the network" % path)
    raise ExportError("%s: holds a %s, not a PyTorch module" % (path, type(obj).__name__))


def load_into(model, state, path, what):
    """load_state_dict, strict, with the mismatch in one line."""
    try:
        model.load_state_dict(state, strict=True)
    except RuntimeError as e:
        missing = [k for k in model.state_dict() if k not in state]
        unexpected = [k for k in state if k not in model.state_dict()]
        detail = []
        if missing:
            detail.append("missing " + _few(missing))
        if unexpected:
            detail.append("unexpected " + _few(unexpected))
        if not detail:
            detail.append(_first_line(e).replace("Error(s) in loading state_dict for ", ""))
        raise ExportError("%s: the weights do not fit %s: %s" % (path, what, "; ".join(detail)))


def _few(keys, n=4):
    return ", ".join(keys[:n]) + (", ... (%d in all)" % len(keys) if len(keys) > n else "")


def _first_line(e):
    s = str(e).strip().splitlines()
    return (s[0] if s else type(e).__name__)[:300]


# --------------------------------------------------------------------------------------------
# disentangling-vae (github.com/YannDubs/disentangling-vae): results/<run>/model.pt + specs.json

def _load_source(path, name):
    import numpy as np
    if not hasattr(np, "product"):  # numpy 2 removed the alias the repository's modules use
        np.product = np.prod
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(mod)
    except Exception as e:
        raise ExportError("%s: cannot import: %s" % (path, _first_line(e)))
    return mod


def load_disvae(run_dir, repo=None):
    """Rebuilds a disentangling-vae model from the checkout's encoder and decoder classes.

    Returns (module with .encoder/.decoder, specs dict, repo path). The network classes come from
    REPO/disvae/models/encoders.py and decoders.py, loaded by file (the package's __init__ needs
    tqdm and imageio, which the network does not), as Encoder<Model_type>(img_size, latent_dim).
    """
    torch = _torch()
    specs_path = os.path.join(run_dir, "specs.json")
    model_path = os.path.join(run_dir, "model.pt")
    for p in (specs_path, model_path):
        if not os.path.isfile(p):
            raise ExportError("%s: no such file (--disvae wants a run folder with model.pt and"
                              " specs.json)" % p)
    try:
        with open(specs_path) as f:
            specs = json.load(f)
    except ValueError as e:
        raise ExportError("%s: not JSON (%s)" % (specs_path, _first_line(e)))
    for k in ("img_size", "latent_dim", "model_type"):
        if k not in specs:
            raise ExportError("%s: no \"%s\"" % (specs_path, k))
    if repo is None:
        guess = os.path.dirname(os.path.dirname(os.path.abspath(run_dir)))
        if os.path.isfile(os.path.join(guess, "disvae", "models", "encoders.py")):
            repo = guess
        else:
            raise ExportError(
                "%s: a disentangling-vae run; pass --repo PATH, a checkout of"
                " github.com/YannDubs/disentangling-vae, to rebuild its %s network"
                % (run_dir, specs["model_type"]))
    files = {}
    for part in ("encoders", "decoders"):
        p = os.path.join(repo, "disvae", "models", part + ".py")
        if not os.path.isfile(p):
            raise ExportError("--repo %s: no disvae/models/%s.py (not a disentangling-vae"
                              " checkout)" % (repo, part))
        files[part] = _load_source(p, "candela_disvae_" + part)
    kind = str(specs["model_type"]).lower().capitalize()
    try:
        enc_cls = getattr(files["encoders"], "Encoder" + kind)
        dec_cls = getattr(files["decoders"], "Decoder" + kind)
    except AttributeError:
        raise ExportError("%s: model_type %s: %s has no Encoder%s/Decoder%s"
                          % (specs_path, specs["model_type"], repo, kind, kind))
    img_size = tuple(int(v) for v in specs["img_size"])
    latent_dim = int(specs["latent_dim"])
    try:
        enc, dec = enc_cls(img_size, latent_dim), dec_cls(img_size, latent_dim)
    except Exception as e:
        raise ExportError("%s: cannot build %s for img_size %s: %s"
                          % (specs_path, kind, list(img_size), _first_line(e)))
    vae = torch.nn.Module()
    vae.encoder, vae.decoder = enc, dec
    state = load_file(model_path)
    load_into(vae, state_dict_of(state, model_path), model_path,
              "disentangling-vae %s(img_size=%s, latent_dim=%d)" % (kind, list(img_size), latent_dim))
    return vae, specs, repo


# --------------------------------------------------------------------------------------------
# adapting a module to the contract


def _build_wrappers(vae):
    torch = _torch()
    nn = torch.nn

    def mean_logvar(out):
        if isinstance(out, (tuple, list)):
            if len(out) == 1:
                return mean_logvar(out[0])
            return out[0], out[1]
        if isinstance(out, dict):
            mean = next((out[k] for k in ("mean", "mu", "loc", "z_mean") if k in out), None)
            lv = next((out[k] for k in ("logvar", "log_var", "z_logvar", "log_variance")
                       if k in out), None)
            if lv is None:
                std = next((out[k] for k in ("std", "scale", "sigma") if k in out), None)
                lv = None if std is None else 2 * torch.log(std)
            if mean is None or lv is None:
                raise ExportError("the encoder returns a dict with keys %s: want mean/mu and"
                                  " logvar/log_var (or std)" % ", ".join(out))
            return mean, lv
        dist = getattr(torch, "distributions", None)
        if dist is not None and isinstance(out, dist.Distribution):
            if isinstance(out, dist.Independent):
                out = out.base_dist
            if isinstance(out, dist.Normal):
                return out.loc, 2 * torch.log(out.scale)
            raise ExportError("the encoder returns a %s: want a Normal distribution"
                              % type(out).__name__)
        if torch.is_tensor(out):
            if out.dim() == 3 and out.shape[1] == 2:
                return out[:, 0], out[:, 1]
            if out.dim() == 2 and out.shape[1] % 2 == 0:
                d = out.shape[1] // 2
                return out[:, :d], out[:, d:]
            raise ExportError("the encoder returns one tensor of shape %s: want (N, 2D), the"
                              " mean then the log-variance" % list(out.shape))
        raise ExportError("the encoder returns a %s: want (mean, logvar)" % type(out).__name__)

    def image(out):
        if isinstance(out, (tuple, list)):
            return image(out[0])
        if isinstance(out, dict):
            for k in ("logits", "x_recon", "recon", "x", "mean", "probs"):
                if k in out:
                    return out[k]
            raise ExportError("the decoder returns a dict with keys %s" % ", ".join(out))
        dist = getattr(torch, "distributions", None)
        if dist is not None and isinstance(out, dist.Distribution):
            if isinstance(out, dist.Independent):
                out = out.base_dist
            if hasattr(out, "logits") and not isinstance(out, dist.Normal):
                return out.logits
            if isinstance(out, dist.Normal):
                return out.loc
            raise ExportError("the decoder returns a %s" % type(out).__name__)
        return out

    if callable(getattr(vae, "encode", None)) and callable(getattr(vae, "decode", None)):
        mode = "methods"
    elif callable(getattr(vae, "encoder", None)) and callable(getattr(vae, "decoder", None)):
        mode = "submodules"
    else:
        raise ExportError(
            "the module (class %s) has neither encode()/decode() methods nor encoder/decoder"
            " submodules" % type(vae).__name__)

    # with submodules each file holds only its half of the weights
    class Encoder(nn.Module):
        def __init__(self):
            super().__init__()
            self.net = vae if mode == "methods" else vae.encoder

        def forward(self, x):
            out = self.net.encode(x) if mode == "methods" else self.net(x)
            return mean_logvar(out)

    class Decoder(nn.Module):
        def __init__(self, shape):
            super().__init__()
            self.net = vae if mode == "methods" else vae.decoder
            self.shape = shape

        def forward(self, z):
            out = self.net.decode(z) if mode == "methods" else self.net(z)
            return image(out).reshape(-1, *self.shape)

    return Encoder, Decoder, mode, image


class TinyVaeFactory:
    """The built-in fixture VAE: conv(4 filters, 4x4, stride 4) + linear; linear decoder."""

    @staticmethod
    def build(channels, side, latent_dim):
        torch = _torch()
        nn = torch.nn

        class TinyVae(nn.Module):
            def __init__(self):
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
                return out[:, : self.latent_dim], out[:, self.latent_dim:]

            def decode(self, z):
                return self.dec(z).reshape(-1, self.channels, self.side, self.side)

        return TinyVae()


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 16), b""):
            h.update(chunk)
    return "sha256:" + h.hexdigest()


def export(vae, out, dataset="dsprites", factors=None, channels=None, side=None, latent_dim=None,
           output=None, architecture=None, command=None, seed=0, expected=False, batch=2,
           strict_factors=True, training=None, log=None):
    """Traces a VAE into Candela's model folder `out`; returns (out, card).

    `vae` has encode/decode methods or encoder/decoder submodules (see the module doc).
    """
    torch = _torch()
    log = log or (lambda s: print(s, file=sys.stderr))
    spec = dataset_spec(dataset)
    if strict_factors:
        factor_list = resolve_factors(dataset, factors)
    else:
        factor_list = [tuple(x.split(":")) for x in factors.split(",")] if factors else []
        factor_list = [(n, int(s)) for n, s in factor_list]
    image_spec = (spec or {}).get("image") or {}
    if channels is None:
        channels = int(image_spec.get("channels", 1))
    if side is None:
        h, w = image_spec.get("height"), image_spec.get("width")
        side = int(h) if h is not None and h == w else 64
    Encoder, Decoder, mode, _ = _build_wrappers(vae)
    if hasattr(vae, "eval"):
        vae.eval()
    torch.manual_seed(seed)
    x = torch.zeros(batch, channels, side, side)
    with torch.no_grad():
        try:
            mean, logvar = Encoder()(x)
        except ExportError:
            raise
        except Exception as e:
            raise ExportError("the encoder fails on a (%d, %d, %d, %d) batch: %s (pass --channels"
                              " and --side)" % (batch, channels, side, side, _first_line(e)))
    if mean.dim() != 2 or tuple(logvar.shape) != tuple(mean.shape):
        raise ExportError("the encoder's mean has shape %s and log-variance %s: want (N, D) both"
                          % (list(mean.shape), list(logvar.shape)))
    inferred = int(mean.shape[1])
    if latent_dim is not None and int(latent_dim) != inferred:
        raise ExportError("--latent-dim %d, but the encoder's mean has %d columns"
                          % (latent_dim, inferred))
    latent_dim = inferred
    shape = (channels, side, side)
    enc_w, dec_w = Encoder(), Decoder(shape)
    z = torch.zeros(batch, latent_dim)
    with torch.no_grad():
        try:
            img = dec_w(z)
        except Exception as e:
            raise ExportError("the decoder fails on a (%d, %d) latent batch, or its output does not"
                              " reshape to %s: %s" % (batch, latent_dim, list(shape), _first_line(e)))
        gen = torch.Generator().manual_seed(1234)
        probe = dec_w(torch.randn(16, latent_dim, generator=gen))
    if output is None:
        lo, hi = float(probe.min()), float(probe.max())
        output = "probabilities" if lo >= 0.0 and hi <= 1.0 else "logits"
        log("output: %s (decoded probe values lie in [%.3g, %.3g]; --output overrides)"
            % (output, lo, hi))
    elif output not in ("logits", "probabilities"):
        raise ExportError("--output must be logits or probabilities, got %s" % output)

    out = os.path.abspath(out)
    parent = os.path.dirname(out)
    os.makedirs(parent, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="." + os.path.basename(out) + ".", dir=parent)
    try:
        os.chmod(tmp, 0o777 & ~_umask())
        with torch.no_grad():
            try:
                # shape checks in Python become constants of the trace; the comparison on a new
                # batch size below is the check that matters, so the tracer's warnings are muted
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", torch.jit.TracerWarning)
                    enc = torch.jit.trace(enc_w, x, check_trace=False)
                    dec = torch.jit.trace(dec_w, z, check_trace=False)
            except ExportError:
                raise
            except Exception as e:
                raise ExportError("cannot trace the model with torch.jit.trace: %s" % _first_line(e))
            # the traced modules must agree with the module on another batch size
            xs = torch.rand(3, channels, side, side, generator=gen)
            zs = torch.randn(3, latent_dim, generator=gen)
            try:
                pairs = [(enc(xs)[0], enc_w(xs)[0]), (enc(xs)[1], enc_w(xs)[1]),
                         (dec(zs), dec_w(zs))]
            except Exception as e:
                raise ExportError("the traced model fails on a batch of 3 (it was traced on %d):"
                                  " %s" % (batch, _first_line(e)))
            for a, b in pairs:
                if a.shape != b.shape or not torch.allclose(a, b, rtol=1e-4, atol=1e-5):
                    raise ExportError("the traced model differs from the module on a new batch:"
                                      " its forward depends on the batch size or on the data in"
                                      " Python control flow")
        enc.save(os.path.join(tmp, "encoder.pt"))
        dec.save(os.path.join(tmp, "decoder.pt"))
        card = {
            "kind": "vae",
            "format": "torchscript",
            "architecture": architecture or type(vae).__module__ + "." + type(vae).__name__,
            "input": {"channels": channels, "height": side, "width": side},
        }
        if image_spec and int(image_spec.get("channels", channels)) == channels and (
                int(image_spec["height"]), int(image_spec["width"])) != (side, side):
            card["sourceImage"] = {k: int(image_spec[k]) for k in ("channels", "height", "width")}
        card.update({
            "latentDim": latent_dim,
            "dataset": dataset,
            "factors": [{"name": n, "size": int(s)} for n, s in factor_list],
            "output": output,
            "training": dict({"exportedBy": "candela export (%s)" % mode, "seed": seed,
                              "torch": torch.__version__}, **(training or {})),
            "results": {},
            "weights": {f: sha256(os.path.join(tmp, f)) for f in ("encoder.pt", "decoder.pt")},
            "command": command or "candela.export_vae(...)",
        })
        with open(os.path.join(tmp, "model.json"), "w") as f:
            json.dump(card, f, indent=2)
        if expected:
            _write_expected(tmp, enc, dec, batch, channels, side, latent_dim)
        for name in os.listdir(tmp):
            os.chmod(os.path.join(tmp, name), 0o666 & ~_umask())
        if os.path.isdir(out):
            for name in os.listdir(tmp):
                os.replace(os.path.join(tmp, name), os.path.join(out, name))
            os.rmdir(tmp)
        else:
            os.rename(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return out, card


def _umask():
    m = os.umask(0)
    os.umask(m)
    return m


def _write_expected(out, enc, dec, batch, channels, side, latent_dim):
    torch = _torch()
    n = batch * channels * side * side
    xs = torch.tensor([((i * 37) % 101) / 100.0 for i in range(n)]).reshape(batch, channels, side, side)
    nz = batch * latent_dim
    zs = torch.tensor([((i * 13) % 17) / 8.0 - 1.0 for i in range(nz)]).reshape(batch, latent_dim)
    with torch.no_grad():
        mean, logvar = enc(xs)
        img = dec(zs)
    exp = {
        "input": "x[i] = ((i * 37) % 101) / 100 over the flat (N,C,H,W) batch",
        "latents": "z[i] = ((i * 13) % 17) / 8 - 1 over the flat (N,D) batch",
        "n": batch,
        "mean": mean.tolist(),
        "logVar": logvar.tolist(),
        "decodedLogits": img.flatten().tolist(),
    }
    with open(os.path.join(out, "expected.json"), "w") as f:
        json.dump(exp, f)


# --------------------------------------------------------------------------------------------
# command line


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise ExportError("%s (see --help)" % message)


def parse_args(argv):
    p = _Parser(prog="export_vae", description=__doc__,
                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", required=True, help="output model folder")
    p.add_argument("--checkpoint", help="a .pt/.pth file (see above)")
    p.add_argument("--class", dest="cls", metavar="MOD:CLASS", help="the network's class")
    p.add_argument("--kwargs", default="{}", help="JSON object of CLASS's constructor arguments")
    p.add_argument("--module", help="MOD:FACTORY returning the module")
    p.add_argument("--encoder", help="the encoder module file (with --decoder)")
    p.add_argument("--decoder", help="the decoder module file (with --encoder)")
    p.add_argument("--disvae", metavar="RUN_DIR", help="a disentangling-vae run folder")
    p.add_argument("--repo", help="the disentangling-vae checkout (default RUN_DIR/../..)")
    p.add_argument("--arch", default="tiny", help="built-in architecture when no source (tiny)")
    p.add_argument("--channels", type=int, help="image channels (default: the dataset's)")
    p.add_argument("--side", type=int, help="input height = width (default: the dataset's, or 64)")
    p.add_argument("--latent-dim", type=int, help="default: the width of the encoder's mean")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--dataset", help="Candela dataset specification (default dsprites; %s)"
                   % ", ".join(dataset_names()))
    p.add_argument("--factors", default="", help="name[:size],... in dataset order (default: the"
                   " dataset's)")
    p.add_argument("--output", choices=["logits", "probabilities"],
                   help="decoder output (default: probabilities when it lies in [0, 1])")
    p.add_argument("--expected", action="store_true", help="also write expected.json")
    p.add_argument("--batch", type=int, default=2, help="rows of the traced and expected batches")
    return p.parse_args(argv)


def run(argv):
    a = parse_args(argv)
    torch = _torch()
    torch.manual_seed(a.seed)
    sources = [s for s in ("checkpoint", "cls", "module", "encoder", "disvae") if getattr(a, s)]
    if a.cls and a.module:
        raise ExportError("give --class or --module, not both")
    if a.disvae and len(sources) > 1:
        raise ExportError("--disvae reads the run's own model.pt: give no other source")
    if bool(a.encoder) != bool(a.decoder):
        raise ExportError("--encoder and --decoder go together")
    training = {}
    dataset = a.dataset
    strict = True
    side, channels, arch = a.side, a.channels, None
    if a.disvae:
        vae, specs, repo = load_disvae(a.disvae, a.repo)
        c, h, w = (int(v) for v in specs["img_size"])
        if h != w:
            raise ExportError("%s: img_size %s is not square" % (a.disvae, specs["img_size"]))
        channels = channels or c
        side = side or h
        if dataset is None:
            dataset = specs.get("dataset", "dsprites")
            if dataset_spec(dataset) is None:
                raise ExportError(
                    "%s/specs.json: dataset '%s' has no Candela specification (%s): pass"
                    " --dataset and --factors" % (a.disvae, dataset, ", ".join(dataset_names())))
        arch = "disentangling-vae:" + str(specs["model_type"])
        training = {"source": os.path.abspath(a.disvae),
                    "disentanglingVae": {k: specs[k] for k in
                                         ("model_type", "loss", "img_size", "latent_dim",
                                          "epochs", "seed") if k in specs}}
    elif a.cls:
        cls = _import(a.cls, "--class")
        try:
            kwargs = json.loads(a.kwargs)
        except ValueError as e:
            raise ExportError("--kwargs: not JSON (%s): %s" % (_first_line(e), a.kwargs))
        if not isinstance(kwargs, dict):
            raise ExportError("--kwargs must be a JSON object, got %s" % a.kwargs)
        try:
            vae = cls(**kwargs)
        except Exception as e:
            raise ExportError("--class %s(**%s) fails: %s" % (a.cls, a.kwargs, _first_line(e)))
        if a.checkpoint:
            load_into(vae, state_dict_of(load_file(a.checkpoint), a.checkpoint), a.checkpoint,
                      a.cls)
        arch = a.cls
    elif a.module:
        factory = _import(a.module, "--module")
        try:
            vae = factory(a.checkpoint) if a.checkpoint else factory()
        except ExportError:
            raise
        except Exception as e:
            raise ExportError("--module %s: the factory fails: %s" % (a.module, _first_line(e)))
        arch = a.module
    elif a.encoder:
        vae = torch.nn.Module()
        vae.encoder = module_of(load_file(a.encoder), a.encoder)
        vae.decoder = module_of(load_file(a.decoder), a.decoder)
        arch = "encoder+decoder"
    elif a.checkpoint:
        vae = module_of(load_file(a.checkpoint), a.checkpoint)
        arch = type(vae).__module__ + "." + type(vae).__name__
        if isinstance(vae, torch.jit.ScriptModule):
            arch = "torchscript:" + getattr(vae, "original_name", "module")
    else:
        if a.arch != "tiny":
            raise ExportError("unknown --arch %s (tiny)" % a.arch)
        side = side or 16
        channels = channels or 1
        vae = TinyVaeFactory.build(channels, side, a.latent_dim or 3)
        arch = "tiny"
        strict = False
        if dataset is None:
            dataset = "unknown"
    if dataset is None:
        dataset = "dsprites"
    if strict and dataset_spec(dataset) is None and not a.factors:
        raise ExportError("--dataset %s has no Candela specification (%s): pass --factors"
                          " name:size,..." % (dataset, ", ".join(dataset_names())))
    out, card = export(vae, a.out, dataset=dataset, factors=a.factors, channels=channels,
                       side=side, latent_dim=a.latent_dim, output=a.output, architecture=arch,
                       command=" ".join(["python3", "models/export/export_vae.py"] + list(argv)),
                       seed=a.seed, expected=a.expected, batch=a.batch, strict_factors=strict,
                       training=training)
    print("wrote %s (%s, %d latents, %s output, dataset %s); next: candela evaluate --model %s"
          % (a.out, card["architecture"], card["latentDim"], card["output"], card["dataset"],
             a.out))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    try:
        run(argv)
    except ExportError as e:
        print("export_vae: %s" % e, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("export_vae: interrupted", file=sys.stderr)
        return 130
    except SystemExit as e:  # --help
        return e.code if isinstance(e.code, int) else 0
    except Exception as e:  # noqa: BLE001 - one line, never a traceback
        if os.environ.get("CANDELA_DEBUG"):
            raise
        print("export_vae: %s: %s" % (type(e).__name__, _first_line(e)), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
