package dev.candela.report;

import static j2html.TagCreator.body;
import static j2html.TagCreator.caption;
import static j2html.TagCreator.div;
import static j2html.TagCreator.each;
import static j2html.TagCreator.figcaption;
import static j2html.TagCreator.figure;
import static j2html.TagCreator.h1;
import static j2html.TagCreator.h2;
import static j2html.TagCreator.head;
import static j2html.TagCreator.html;
import static j2html.TagCreator.img;
import static j2html.TagCreator.li;
import static j2html.TagCreator.meta;
import static j2html.TagCreator.p;
import static j2html.TagCreator.pre;
import static j2html.TagCreator.style;
import static j2html.TagCreator.table;
import static j2html.TagCreator.td;
import static j2html.TagCreator.th;
import static j2html.TagCreator.title;
import static j2html.TagCreator.tr;
import static j2html.TagCreator.ul;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.candela.AtomicFiles;
import dev.candela.CandelaException;
import j2html.tags.DomContent;
import j2html.tags.specialized.TableTag;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A self-contained HTML report (j2html): a scores table, labelled matrices and embedded PNG figures
 * (as data URIs), warnings and provenance. One file, no external resources.
 */
public final class HtmlReport {

  private static final String CSS =
      "body{font-family:system-ui,sans-serif;margin:2em;max-width:1300px;color:#222}"
          + "img{max-width:100%;height:auto}td{white-space:nowrap}th{overflow-wrap:anywhere}"
          + ".scroll{overflow-x:auto;max-width:100%}"
          + "table.compact td,table.compact th{padding:2px 5px;font-size:13px}"
          + "table.compact th:not(:first-child){writing-mode:vertical-rl;transform:rotate(180deg);"
          + "text-align:left;vertical-align:bottom}"
          + "table.compact td:first-child{white-space:normal;overflow-wrap:anywhere;"
          + "min-width:9em;max-width:16em}"
          + ".se{color:#666;font-size:85%}"
          + "table{border-collapse:collapse;margin:1em 0}"
          + "td,th{border:1px solid #ccc;padding:3px 8px;text-align:right;font-variant-numeric:tabular-nums}"
          + "th{background:#f3f3f3}caption{font-weight:bold;text-align:left;padding:4px 0}"
          + "figure{display:inline-block;margin:1em}pre{background:#f6f6f6;padding:1em;overflow:auto}";

  private final String heading;
  private final List<DomContent> sections = new ArrayList<>();
  private DomContent headline;

  /**
   * Starts a report.
   *
   * @param heading the page heading
   */
  public HtmlReport(String heading) {
    this.heading = heading;
  }

  /**
   * Adds any element (for pages built in this package).
   *
   * @param content the element
   * @return this
   */
  HtmlReport add(DomContent content) {
    sections.add(content);
    return this;
  }

  /**
   * Adds a section heading.
   *
   * @param text the heading
   * @return this
   */
  public HtmlReport section(String text) {
    sections.add(h2(text));
    return this;
  }

  /**
   * Adds a paragraph of text.
   *
   * @param text the text
   * @return this
   */
  public HtmlReport paragraph(String text) {
    sections.add(p(text).withClass("explain"));
    return this;
  }

  /**
   * Adds a two-column table of named numbers.
   *
   * @param captionText the caption
   * @param values name to value
   * @return this
   */
  public HtmlReport keyValues(String captionText, Map<String, Double> values) {
    sections.add(
        table(
            caption(captionText),
            tr(th("metric"), th("value")),
            each(
                values.entrySet(),
                e -> tr(td(e.getKey()).withStyle("text-align:left"), td(fmt(e.getValue()))))));
    return this;
  }

  /**
   * Sets the headline table shown first on the page (replacing an earlier one): one row per score
   * with {@code value ± se}, the 95% interval and the method, and a note column (e.g. the
   * classifier's accuracy beside CG, or a warning that concerns the score).
   *
   * @param captionText the caption
   * @param values metric id to score
   * @param uncertainty metric id to uncertainty (may lack ids: shown as —)
   * @param notes metric id to a note (may lack ids)
   * @return this
   */
  public HtmlReport headline(
      String captionText,
      Map<String, Double> values,
      Map<String, dev.candela.metrics.stats.Uncertainty> uncertainty,
      Map<String, String> notes) {
    TableTag t =
        table(
                caption(captionText),
                tr(
                    th("metric").withStyle("white-space:nowrap"),
                    th("value ± SE"),
                    th("95% interval"),
                    th("method"),
                    th("note")))
            .withClass("headline");
    for (Map.Entry<String, Double> e : values.entrySet()) {
      var u = uncertainty.get(e.getKey());
      String note = notes.getOrDefault(e.getKey(), "");
      t.with(
          tr(
              td(e.getKey()).withStyle("text-align:left;white-space:nowrap"),
              td(u == null ? fmt(e.getValue()) : fmt(e.getValue()) + " ± " + fmt(u.se())),
              td(u == null ? "—" : "[" + fmt(u.ci95().get(0)) + ", " + fmt(u.ci95().get(1)) + "]"),
              td(u == null ? "none" : u.method() + " (" + u.replicates() + ")"),
              td(note).withStyle("text-align:left;white-space:normal")));
    }
    headline = t;
    return this;
  }

  /**
   * Adds a labelled matrix as a table.
   *
   * @param captionText the caption
   * @param rowLabels row labels
   * @param colLabels column labels
   * @param values {@code values[row][col]}
   * @return this
   */
  public HtmlReport matrix(
      String captionText, List<String> rowLabels, List<String> colLabels, double[][] values) {
    TableTag t = table(caption(captionText));
    List<DomContent> header = new ArrayList<>();
    header.add(th(""));
    colLabels.forEach(c -> header.add(th(c)));
    t.with(tr().with(header));
    for (int r = 0; r < values.length; r++) {
      List<DomContent> cells = new ArrayList<>();
      cells.add(th(rowLabels.get(r)));
      for (double v : values[r]) {
        cells.add(td(fmt(v)));
      }
      t.with(tr().with(cells));
    }
    sections.add(div(t).withClass("scroll"));
    return this;
  }

  /**
   * Embeds a PNG figure.
   *
   * @param captionText the caption
   * @param png the PNG bytes
   * @return this
   */
  public HtmlReport figurePng(String captionText, byte[] png) {
    String uri = "data:image/png;base64," + Base64.getEncoder().encodeToString(png);
    sections.add(figure(img().withSrc(uri).withAlt(captionText), figcaption(captionText)));
    return this;
  }

  /**
   * Adds a bulleted list (e.g. warnings); nothing when empty.
   *
   * @param captionText the heading
   * @param items the items
   * @return this
   */
  public HtmlReport list(String captionText, List<String> items) {
    if (!items.isEmpty()) {
      sections.add(h2(captionText));
      sections.add(ul(each(items, i -> li(i))));
    }
    return this;
  }

  /**
   * Adds a value as pretty JSON (e.g. provenance).
   *
   * @param captionText the heading
   * @param value a JSON-serialisable value
   * @return this
   */
  public HtmlReport json(String captionText, Object value) {
    try {
      sections.add(h2(captionText));
      sections.add(pre(JsonReports.mapper().writeValueAsString(value)));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          "cannot serialise " + captionText + ": " + e.getMessage(), e);
    }
    return this;
  }

  /**
   * Renders the page.
   *
   * @return HTML text
   */
  public String render() {
    return "<!DOCTYPE html>\n"
        + html(
                head(meta().withCharset("utf-8"), title(heading), style(CSS)),
                body(h1(heading))
                    .with(headline == null ? List.of() : List.of(headline))
                    .with(sections))
            .render();
  }

  /**
   * Writes the page atomically.
   *
   * @param file the destination
   * @throws CandelaException when it cannot be written
   */
  public void write(Path file) throws CandelaException {
    try {
      AtomicFiles.writeString(file, render());
    } catch (IOException e) {
      throw new CandelaException(file + ": cannot write HTML (" + e.getMessage() + ")", e);
    }
  }

  static String fmt(double v) {
    return Double.isNaN(v) ? "—" : String.format(Locale.ROOT, "%.4f", v);
  }
}
