package dev.candela.report;

import static j2html.TagCreator.a;
import static j2html.TagCreator.br;
import static j2html.TagCreator.caption;
import static j2html.TagCreator.div;
import static j2html.TagCreator.p;
import static j2html.TagCreator.rawHtml;
import static j2html.TagCreator.script;
import static j2html.TagCreator.span;
import static j2html.TagCreator.table;
import static j2html.TagCreator.td;
import static j2html.TagCreator.th;
import static j2html.TagCreator.tr;

import dev.candela.metrics.stats.Uncertainty;
import j2html.tags.specialized.TableTag;
import j2html.tags.specialized.TrTag;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The comparison page of many checkpoints: a table sortable by any column (click a header), each
 * model's name linking to its own {@code report.html}, every cell the score with its standard
 * error, and one dot-and-interval chart per score across the models (dot = score, line = 95%
 * interval).
 */
public final class ComparisonHtml {

  private static final String SORT_JS =
      "document.querySelectorAll('table.sortable').forEach(function(t){"
          + "t.querySelectorAll('th').forEach(function(h,i){h.style.cursor='pointer';"
          + "h.title='click to sort';h.addEventListener('click',function(){"
          + "var rows=Array.from(t.querySelectorAll('tr')).slice(1);"
          + "var asc=h.dataset.asc!=='1';h.dataset.asc=asc?'1':'0';"
          + "rows.sort(function(a,b){var x=a.children[i].dataset.v,y=b.children[i].dataset.v;"
          + "var nx=parseFloat(x),ny=parseFloat(y);"
          + "if(isNaN(nx)&&isNaN(ny)){return asc?x.localeCompare(y):y.localeCompare(x);}"
          + "if(isNaN(nx)){return 1;}if(isNaN(ny)){return -1;}return asc?nx-ny:ny-nx;});"
          + "rows.forEach(function(r){t.appendChild(r);});});});});";

  private ComparisonHtml() {}

  /**
   * Builds the page.
   *
   * @param reports model name to report, in row order
   * @param columns the score ids
   * @param reportLinks model name to the relative link of its {@code report.html}
   * @return the page
   */
  public static HtmlReport build(
      Map<String, ScoreReport> reports, List<String> columns, Map<String, String> reportLinks) {
    HtmlReport page = new HtmlReport("Checkpoint comparison");
    page.add(
        p(
            "One row per model; each cell is the score and, below it, ± its standard error (the"
                + " method and 95% interval are in each model's report and in scores.csv). Click a"
                + " column header to sort."));
    TableTag t =
        table(caption("Scores of " + reports.size() + " models")).withClass("sortable compact");
    TrTag head = tr(th("model"));
    for (String c : columns) {
      head.with(th(c));
    }
    t.with(head);
    for (Map.Entry<String, ScoreReport> e : reports.entrySet()) {
      String link = reportLinks.get(e.getKey());
      TrTag row =
          tr(
              td(link == null ? span(e.getKey()) : a(e.getKey()).withHref(link))
                  .withStyle("text-align:left")
                  .attr("data-v", e.getKey()));
      for (String c : columns) {
        Double v = e.getValue().scores().get(c);
        Uncertainty u = e.getValue().uncertainty().get(c);
        if (v == null) {
          row.with(td("—").attr("data-v", ""));
        } else if (u == null) {
          row.with(td(HtmlReport.fmt(v)).attr("data-v", Double.toString(v)));
        } else {
          row.with(
              td(span(HtmlReport.fmt(v)), br(), span("± " + HtmlReport.fmt(u.se())).withClass("se"))
                  .attr("data-v", Double.toString(v)));
        }
      }
      t.with(row);
    }
    page.add(div(t).withClass("scroll"));
    page.add(script(rawHtml(SORT_JS)));
    page.section("Each score across the models (dot = score, line = 95% interval)");
    List<String> names = new ArrayList<>(reports.keySet());
    for (String c : columns) {
      double[] v =
          perModel(
              reports,
              r -> {
                Double x = r.scores().get(c);
                return x == null ? Double.NaN : x;
              });
      double[] lo = perModel(reports, r -> interval(r, c, u -> u.ci95().get(0)));
      double[] hi = perModel(reports, r -> interval(r, c, u -> u.ci95().get(1)));
      page.figurePng(c + " across models", Charts.dotInterval(c, names, v, lo, hi).png());
    }
    return page;
  }

  /**
   * One number per model, in the reports' order.
   *
   * @param reports model name to report
   * @param value the number of a report
   * @return the numbers
   */
  static double[] perModel(Map<String, ScoreReport> reports, ToDoubleFunction<ScoreReport> value) {
    return reports.values().stream().mapToDouble(value).toArray();
  }

  /**
   * A number from a score's uncertainty, NaN when the score has none.
   *
   * @param r the report
   * @param key the score
   * @param of the number of its uncertainty
   * @return the number
   */
  static double interval(ScoreReport r, String key, ToDoubleFunction<Uncertainty> of) {
    Uncertainty u = r.uncertainty().get(key);
    return u == null ? Double.NaN : of.applyAsDouble(u);
  }
}
