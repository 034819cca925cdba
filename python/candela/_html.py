"""HTML for Jupyter: a Result's headline table (value ± se, 95% interval, method), its
warnings and its main figures inline; a comparison of several results. Plain HTML and inline
SVG, no dependency."""
import base64
import html
import math
import os

_STYLE = ("<style>.candela table{border-collapse:collapse;font:13px sans-serif}"
          ".candela th,.candela td{padding:2px 8px;border-bottom:1px solid #ddd;text-align:right}"
          ".candela th:first-child,.candela td:first-child{text-align:left}"
          ".candela .warn{color:#8a4b00;background:#fff4e0;padding:4px 8px;margin:2px 0;"
          "font:13px sans-serif}.candela h4{font:bold 14px sans-serif;margin:8px 0 4px}</style>")

# the figures of an evaluate folder shown inline, in this order, when present
FIGURES = [("irs.png", "IRS matrix (latents × factors)"),
           ("reconstructions.png", "Reconstructions"),
           ("traversals.png", "Latent traversals")]


def esc(x):
    return html.escape(str(x), quote=True)


def _fmt(v, digits=4):
    if v is None:
        return "—"
    v = float(v)
    if math.isnan(v):
        return "—"
    return "%.*f" % (digits, v)


def headline(result):
    """The table of scores: metric, value ± se, 95% interval, method, n."""
    rows = ["<tr><th>metric</th><th>value ± se</th><th>95% interval</th><th>method</th>"
            "<th>n</th></tr>"]
    for metric, value in result.scores.items():
        u = result.uncertainty.get(metric) or {}
        ci = u.get("ci95")
        se = u.get("se")
        method = u.get("method", "no interval")
        if u.get("replicates") is not None:
            method = "%s (%s)" % (method, u.get("replicates"))
        rows.append("<tr><td>%s</td><td>%s ± %s</td><td>%s</td><td>%s</td><td>%s</td></tr>" % (
            esc(metric), _fmt(value), _fmt(se),
            "[%s, %s]" % (_fmt(ci[0]), _fmt(ci[1])) if ci else "—",
            esc(method), esc(u.get("n", ""))))
    return "<table>%s</table>" % "".join(rows)


def warnings(result):
    return "".join('<div class="warn">warning: %s</div>' % esc(w) for w in result.warnings)


def interval_chart(result, width=520):
    """An SVG dot-and-interval chart of the scores that lie in [0, 1]."""
    items = [(k, float(v), (result.uncertainty.get(k) or {}).get("ci95"))
             for k, v in result.scores.items()
             if v is not None and not math.isnan(float(v)) and -0.05 <= float(v) <= 1.05]
    if not items:
        return ""
    left, right, row = 170, 20, 20
    h = row * len(items) + 30
    span = width - left - right

    def x(v):
        return left + span * min(1.0, max(0.0, v))
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
             'font-family="sans-serif" font-size="11">' % (width, h)]
    for t in (0, 0.25, 0.5, 0.75, 1.0):
        parts.append('<line x1="%.1f" y1="5" x2="%.1f" y2="%d" stroke="#ddd"/>'
                     '<text x="%.1f" y="%d" text-anchor="middle" fill="#666">%g</text>'
                     % (x(t), x(t), h - 18, x(t), h - 5, t))
    for i, (k, v, ci) in enumerate(items):
        y = 15 + row * i
        parts.append('<text x="%d" y="%d" text-anchor="end">%s</text>' % (left - 8, y + 4, esc(k)))
        if ci:
            parts.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#3366aa" '
                         'stroke-width="2"/>' % (x(ci[0]), y, x(ci[1]), y))
        parts.append('<circle cx="%.1f" cy="%d" r="4" fill="#3366aa"><title>%s = %.4f</title>'
                     '</circle>' % (x(v), y, esc(k), v))
    parts.append("</svg>")
    return "".join(parts)


def irs_heatmap(result, cell=22):
    """An SVG heat map of the IRS matrix (details.irs.matrix, latents × factors), or ''."""
    irs = (result.details or {}).get("irs") or {}
    m = irs.get("matrix")
    if not m or not isinstance(m, list) or not m[0]:
        return ""
    cols = (result.details.get("columns") or {})
    factors = cols.get("factors") or ["f%d" % j for j in range(len(m[0]))]
    latents = cols.get("latents") or ["z%d" % i for i in range(len(m))]
    if len(factors) != len(m[0]):
        factors = ["f%d" % j for j in range(len(m[0]))]
    if len(latents) != len(m):
        latents = ["z%d" % i for i in range(len(m))]
    left, top = 60, 70
    w, h = left + cell * len(factors) + 10, top + cell * len(latents) + 10
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
             'font-family="sans-serif" font-size="11">' % (w, h)]
    for j, f in enumerate(factors):
        parts.append('<text transform="translate(%d,%d) rotate(-60)">%s</text>'
                     % (left + cell * j + cell // 2, top - 6, esc(f)))
    for i, row in enumerate(m):
        parts.append('<text x="%d" y="%d" text-anchor="end">%s</text>'
                     % (left - 6, top + cell * i + cell // 2 + 4, esc(latents[i])))
        for j, v in enumerate(row):
            v = 0.0 if v is None else max(0.0, min(1.0, float(v)))
            shade = int(255 - 200 * v)
            parts.append('<rect x="%d" y="%d" width="%d" height="%d" fill="rgb(%d,%d,255)">'
                         '<title>%s, %s: %.3f</title></rect>'
                         % (left + cell * j, top + cell * i, cell - 1, cell - 1, shade, shade,
                            esc(latents[i]), esc(factors[j]), v))
    parts.append("</svg>")
    return "".join(parts)


def _png(path, caption):
    with open(path, "rb") as f:
        data = base64.b64encode(f.read()).decode("ascii")
    return ('<figure style="display:inline-block;margin:4px"><img src="data:image/png;base64,%s"'
            ' style="max-width:420px"/><figcaption style="font:12px sans-serif">%s</figcaption>'
            '</figure>' % (data, esc(caption)))


def figures(result):
    """The main figures: the scores with their intervals (drawn from the report), then an
    evaluate folder's IRS matrix, reconstructions and traversals where there are any, else the
    IRS heat map drawn from the report."""
    parts = []
    chart = interval_chart(result)
    if chart:
        parts.append("<h4>Scores with 95% intervals</h4>" + chart)
    out = getattr(result, "out", None)
    pngs = []
    if out and os.path.isdir(out):
        pngs = [_png(os.path.join(out, f), c) for f, c in FIGURES
                if os.path.isfile(os.path.join(out, f))]
    if pngs:
        parts.append("<div>%s</div>" % "".join(pngs))
    else:
        heat = irs_heatmap(result)
        if heat:
            parts.append("<h4>IRS matrix (latents × factors; darker = larger)</h4>" + heat)
    return "".join(parts)


def result_html(result):
    title = (result.report or {}).get("title") or "Candela result"
    return ('%s<div class="candela"><h4>%s</h4>%s%s%s</div>'
            % (_STYLE, esc(title), headline(result), warnings(result), figures(result)))


def compare_html(comparison):
    names = comparison.names
    head = "<tr><th>metric</th>%s</tr>" % "".join("<th>%s</th>" % esc(n) for n in names)
    rows = []
    for metric in comparison.metrics:
        cells = []
        for r in comparison.results:
            v = r.scores.get(metric)
            se = (r.uncertainty.get(metric) or {}).get("se")
            cells.append("<td>%s</td>" % ("—" if v is None else "%s ± %s" % (_fmt(v), _fmt(se))))
        rows.append("<tr><td>%s</td>%s</tr>" % (esc(metric), "".join(cells)))
    warn = "".join('<div class="warn">%s: %s</div>' % (esc(n), esc(w))
                   for n, r in zip(names, comparison.results) for w in r.warnings)
    return '%s<div class="candela"><table>%s%s</table>%s</div>' % (_STYLE, head, "".join(rows),
                                                                  warn)
