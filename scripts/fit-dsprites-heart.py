#!/usr/bin/env python3
"""Fit DeepMind's dSprites heart (and check the ellipse) to real frames.

Reads the 192 real frames of DeepMind's dsprites.gif in ../shared/real-dsprites/ (uint8 0/1
images with their labels, every frame at posX = posY = 0) and writes the heart outline that
Candela's DSpritesDrawing.DEEPMIND draws:
src/main/resources/dev/candela/data/dsprites-heart.json.

Model (what DeepMind's author describes in dsprites-dataset issue 2: vector shapes drawn with
Love2D and rasterised at 64x64): a pixel is on when its centre lies inside the shape; the shape's
centre is at 16 + 32*pos px; orientation turns it counter-clockwise on screen. The heart is a
polygon that is star-shaped about its rotation centre and mirror-symmetric: K radii r(phi) at
angles phi = 0 (top) .. pi (bottom point) on the right half, mirrored to the left, plus the
rotation centre's vertical offset. They are fitted by soft rasterisation (each pixel's coverage
is sigmoid(-signed distance / tau), tau annealed from 0.4 px to 0.03 px) under binary
cross-entropy with a small curvature penalty on log r, with Adam, in PyTorch.

Usage (Debian: apt install python3-torch python3-numpy; about 8 min on 2 cores):
  OMP_NUM_THREADS=2 python3 scripts/fit-dsprites-heart.py [--frames NPZ] [--out JSON]
      [--holdout 0.33]   # fit on 2/3 of the distinct labels, report the rest as well
"""
import argparse
import json
import sys

import numpy as np

try:
    import torch
except ImportError:
    sys.exit("fit-dsprites-heart.py: needs PyTorch (Debian: apt install python3-torch)")


def load(path):
    d = np.load(path)
    return d["imgs"].astype(np.float32), d["latents_classes"], d["latents_values"]


def pixel_centres(side=32):
    yy, xx = torch.meshgrid(torch.arange(float(side)), torch.arange(float(side)), indexing="ij")
    return (xx + 0.5).reshape(1, -1), (yy + 0.5).reshape(1, -1)


def polygon(logr):
    """Right half from the top (phi = 0) to the bottom point (phi = pi), mirrored; y up."""
    k = logr.shape[0]
    r = torch.exp(logr)
    phi = torch.linspace(0, np.pi, k)
    xr, yr = r * torch.sin(phi), r * torch.cos(phi)
    x = torch.cat([xr, -xr.flip(0)[1:-1]])
    y = torch.cat([yr, yr.flip(0)[1:-1]])
    return x, y


def shape_coords(scale, theta, oy, xc, yc):
    """Pixel centres in the unit heart's frame (y up), for frames centred at (16, 16)."""
    dx, dy = xc - 16, yc - 16
    u = dx * torch.cos(theta) - dy * torch.sin(theta)
    v = dx * torch.sin(theta) + dy * torch.cos(theta)
    return u / scale, -(v / scale) - oy


def signed_distance(u, y, px, py):
    x1, y1 = px[None, None, :], py[None, None, :]
    x2, y2 = torch.roll(px, -1)[None, None, :], torch.roll(py, -1)[None, None, :]
    uu, yy = u[..., None], y[..., None]
    ex, ey = x2 - x1, y2 - y1
    t = (((uu - x1) * ex + (yy - y1) * ey) / (ex * ex + ey * ey)).clamp(0, 1)
    dist = torch.sqrt((uu - x1 - t * ex) ** 2 + (yy - y1 - t * ey) ** 2 + 1e-12).min(-1).values
    crosses = ((y1 > yy) != (y2 > yy)) & (uu < x1 + (yy - y1) * ex / (ey + 1e-12))
    inside = (crosses.sum(-1) % 2) == 1
    return torch.where(inside, -dist, dist)


def scores(logr, oy, target, scale, theta, xc, yc):
    with torch.no_grad():
        px, py = polygon(logr)
        u, y = shape_coords(scale, theta, oy, xc, yc)
        m = (signed_distance(u, y, px, py) <= 0).float()
        wrong = (m != target).sum(1)
        iou = (m * target).sum(1) / ((m + target) > 0).sum(1)
    return {
        "frames": int(target.shape[0]),
        "pixel_exact": int((wrong == 0).sum()),
        "iou_median": float(iou.median()),
        "iou_min": float(iou.min()),
        "wrong_pixels": int(wrong.sum()),
    }


def fit(target, scale, theta, xc, yc, k, steps, smooth, log):
    logr = torch.full((k,), float(np.log(8.0)), requires_grad=True)
    oy = torch.zeros(1, requires_grad=True)
    opt = torch.optim.Adam([logr, oy], lr=0.01)
    for it in range(steps):
        tau = max(0.03, 0.4 * (1 - it / (0.8 * steps)))
        px, py = polygon(logr)
        u, y = shape_coords(scale, theta, oy, xc, yc)
        sd = signed_distance(u, y, px, py) * scale
        p = torch.sigmoid(-sd / tau).clamp(1e-6, 1 - 1e-6)
        curvature = logr[2:] - 2 * logr[1:-1] + logr[:-2]
        loss = torch.nn.functional.binary_cross_entropy(p, target) + smooth * (curvature**2).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        if it % 250 == 0:
            log(f"step {it}: loss {loss.item():.5f} {scores(logr, oy, target, scale, theta, xc, yc)}")
    return logr.detach(), oy.detach()


def ellipse_check(imgs, classes, values, log):
    """Least-squares semi-axes of a smooth ellipse on a 0.005 px grid (the constants Candela uses)."""
    idx = np.where(classes[:, 1] == 1)[0]
    yy, xx = np.mgrid[0:64, 0:64]
    xc, yc = xx + 0.5 - 16, yy + 0.5 - 16
    results = []
    for a in np.arange(12.70, 12.82, 0.005):
        for b in np.arange(7.18, 7.26, 0.005):
            wrong = exact = 0
            for i in idx:
                s, th = values[i, 2], values[i, 3]
                u = xc * np.cos(th) - yc * np.sin(th)
                v = xc * np.sin(th) + yc * np.cos(th)
                m = (u / (a * s)) ** 2 + (v / (b * s)) ** 2 <= 1
                w = int((m != (imgs[i] > 0)).sum())
                wrong += w
                exact += w == 0
            results.append((wrong, exact, a, b))
    least = min(r[0] for r in results)
    best = [r for r in results if r[0] == least]
    a_lo, a_hi = min(r[2] for r in best), max(r[2] for r in best)
    b_lo, b_hi = min(r[3] for r in best), max(r[3] for r in best)
    log(f"ellipse: {least} wrong pixels in all (least), {best[0][1]}/{len(idx)} frames pixel-exact,"
        f" for semi-axes a in [{a_lo:.3f}, {a_hi:.3f}], b in [{b_lo:.3f}, {b_hi:.3f}] px at scale 1"
        " (Candela draws 12.76 x 7.215)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--frames", default="../shared/real-dsprites/dsprites-gif-frames.npz")
    ap.add_argument("--out", default="src/main/resources/dev/candela/data/dsprites-heart.json")
    ap.add_argument("--radii", type=int, default=49, help="radii on the right half (default 49)")
    ap.add_argument("--steps", type=int, default=1500)
    ap.add_argument("--smooth", type=float, default=1e-3)
    ap.add_argument("--holdout", type=float, default=0.0,
                    help="fraction of distinct (scale, orientation) labels held out of the fit")
    ap.add_argument("--skip-ellipse", action="store_true")
    a = ap.parse_args()
    log = lambda m: print(m, file=sys.stderr, flush=True)
    torch.manual_seed(0)
    imgs, classes, values = load(a.frames)
    if not a.skip_ellipse:
        ellipse_check(imgs, classes, values, log)
    hearts = np.where(classes[:, 1] == 2)[0]
    if (classes[hearts, 4:6] != 0).any():
        sys.exit(f"{a.frames}: expected every heart frame at posX = posY = 0")
    keys = [tuple(classes[i, 2:4]) for i in hearts]
    distinct = sorted(set(keys))
    rng = np.random.default_rng(1)
    rng.shuffle(distinct)
    held = set(distinct[: int(round(a.holdout * len(distinct)))])
    fit_rows = [i for i, key in zip(hearts, keys) if key not in held]
    test_rows = [i for i, key in zip(hearts, keys) if key in held]
    xc, yc = pixel_centres()

    def tensors(rows):
        t = torch.tensor(imgs[rows][:, :32, :32]).reshape(len(rows), -1)
        s = torch.tensor(values[rows, 2], dtype=torch.float32)[:, None]
        th = torch.tensor(values[rows, 3], dtype=torch.float32)[:, None]
        return t, s, th

    t, s, th = tensors(fit_rows)
    logr, oy = fit(t, s, th, xc, yc, a.radii, a.steps, a.smooth, log)
    result = {"fit": scores(logr, oy, t, s, th, xc, yc)}
    if test_rows:
        tt, ts, tth = tensors(test_rows)
        result["held_out"] = scores(logr, oy, tt, ts, tth, xc, yc)
    log(json.dumps(result))
    if held:
        log("held-out run: nothing written")
        return
    px, py = polygon(logr)
    # Candela's frame: pixels at scale 1, x right, y down, about the rotation centre
    vertices = [[round(float(x), 5), round(float(-(y + oy[0])), 5)] for x, y in zip(px, py)]
    doc = {
        "description": "DeepMind's dSprites heart at scale 1, fitted to the real frames of"
        " dsprites.gif: polygon vertices in pixels, x right, y down, about the rotation centre"
        " (placed at 16 + 32*pos px). Made by scripts/fit-dsprites-heart.py.",
        "frames": a.frames.split("/")[-1],
        "fit": result["fit"],
        "vertices": vertices,
    }
    with open(a.out, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    log(f"wrote {a.out} ({len(vertices)} vertices)")


if __name__ == "__main__":
    main()
