package dev.candela.cli.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.CandelaException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The peers' side of {@code bench metrics --peers}: the JSON lines {@code scripts/peer-timings.py}
 * prints (one per metric: the peer's wall time on the rows Candela timed, and the peer's values),
 * and the table that sets them beside Candela's time on the same rows, with the ratio peer /
 * Candela, the read time of those rows and the largest |Candela − peer| of the metric's values. The
 * metrics and their peers are the script's table ({@code METRICS}): a new metric is one entry
 * there; this class knows none of them by name.
 */
final class PeerTimings {
  private PeerTimings() {}

  /**
   * One metric's line from the script.
   *
   * @param metric the script's name of the metric
   * @param peer what the peer ran (repository, file, function)
   * @param stages Candela's timing stages the peer's run stands beside (their times add up)
   * @param rows the rows the peer was timed on ({@code 0} when it finished none)
   * @param fullRows the rows Candela scores for this metric
   * @param seconds the peer's wall time, or {@code null} when it finished no size
   * @param values Candela's score key to the peer's value
   * @param note why the peer stopped short of {@code fullRows}, or how its values relate
   */
  record Line(
      String metric,
      String peer,
      List<String> stages,
      int rows,
      int fullRows,
      Double seconds,
      Map<String, Double> values,
      String note) {
    Line {
      stages = List.copyOf(stages);
      values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** Whether the peer finished all the rows Candela scores. */
    boolean complete() {
      return seconds != null && rows == fullRows;
    }
  }

  /**
   * Parses one line of the script's output.
   *
   * @param json the line
   * @return the metric's line
   * @throws CandelaException when the line is not JSON or lacks a field
   */
  static Line parse(String json) throws CandelaException {
    JsonNode n;
    try {
      n = new ObjectMapper().readTree(json);
    } catch (java.io.IOException e) {
      throw new CandelaException("a peer timing line is not JSON: " + json, e);
    }
    for (String field : List.of("metric", "stages", "fullRows", "values")) {
      if (n == null || !n.has(field)) {
        throw new CandelaException("a peer timing line lacks \"" + field + "\": " + json);
      }
    }
    List<String> stages = new ArrayList<>();
    n.get("stages").forEach(s -> stages.add(s.asText()));
    Map<String, Double> values = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : n.get("values").properties()) {
      values.put(e.getKey(), e.getValue().asDouble());
    }
    JsonNode s = n.path("seconds");
    return new Line(
        n.get("metric").asText(),
        n.path("peer").asText(""),
        stages,
        n.path("rows").isNumber() ? n.path("rows").asInt() : 0,
        n.get("fullRows").asInt(),
        s.isNumber() ? s.asDouble() : null,
        values,
        n.path("note").asText(""));
  }

  /**
   * Parses the script's output: every line that starts with {@code {}.
   *
   * @param out the script's stdout
   * @return the lines in order
   * @throws CandelaException when a line is not a peer timing
   */
  static List<Line> parseAll(String out) throws CandelaException {
    List<Line> lines = new ArrayList<>();
    for (String l : out.split("\n")) {
      if (l.strip().startsWith("{")) {
        lines.add(parse(l.strip()));
      }
    }
    return lines;
  }

  /**
   * Candela's side on some rows: the time of each stage and the scores.
   *
   * @param rows the rows timed
   * @param read the seconds reading those rows took (the baseline)
   * @param stageSeconds stage (as bench names it) to seconds
   * @param scores score key to value
   */
  record Candela(
      int rows, double read, Map<String, Double> stageSeconds, Map<String, Double> scores) {
    Candela {
      stageSeconds = Collections.unmodifiableMap(new LinkedHashMap<>(stageSeconds));
      scores = Collections.unmodifiableMap(new LinkedHashMap<>(scores));
    }

    /** The stages' seconds added, or {@code null} when one of them was not timed. */
    Double seconds(List<String> stages) {
      double t = 0;
      for (String s : stages) {
        Double v = stageSeconds.get(s);
        if (v == null) {
          return null;
        }
        t += v;
      }
      return t;
    }

    /** The largest |Candela − peer| over the line's values, or {@code null} if none is scored. */
    Double worstDelta(Line line) {
      Double worst = null;
      for (Map.Entry<String, Double> e : line.values().entrySet()) {
        Double mine = scores.get(e.getKey());
        if (mine != null) {
          double d = Math.abs(mine - e.getValue());
          worst = worst == null || d > worst || Double.isNaN(d) ? d : worst;
        }
      }
      return worst;
    }
  }

  /** The table's header. */
  static final String[] HEADER = {
    "metric", "rows", "Candela s", "peer s", "peer / Candela", "read s", "max |Δ|", "peer, note"
  };

  /**
   * The table of the peers' lines beside Candela's times.
   *
   * @param lines the script's lines
   * @param full Candela on all N rows (a line whose peer finished its rows is set beside it)
   * @param atRows Candela on the first {@code rows} rows, for a line whose peer stopped short (rows
   *     to Candela on them; a line without its rows here shows no Candela time)
   * @return the header and one row per line
   */
  static List<String[]> table(List<Line> lines, Candela full, Map<Integer, Candela> atRows) {
    List<String[]> out = new ArrayList<>();
    out.add(HEADER.clone());
    for (Line line : lines) {
      Candela c = line.rows() == line.fullRows() ? full : atRows.get(line.rows());
      Double mine = c == null ? null : c.seconds(line.stages());
      Double delta = c == null ? null : c.worstDelta(line);
      String note = line.peer() + (line.note().isEmpty() ? "" : "; " + line.note());
      out.add(
          new String[] {
            line.metric(),
            line.seconds() == null
                ? "none"
                : line.rows() + (line.rows() == line.fullRows() ? "" : " of " + line.fullRows()),
            mine == null ? "" : String.format(Locale.ROOT, "%.3f", mine),
            line.seconds() == null ? "" : String.format(Locale.ROOT, "%.3f", line.seconds()),
            mine == null || line.seconds() == null || mine <= 0
                ? ""
                : String.format(Locale.ROOT, "%.2f", line.seconds() / mine),
            c == null ? "" : String.format(Locale.ROOT, "%.3f", c.read()),
            delta == null ? "" : String.format(Locale.ROOT, "%.1e", delta),
            note
          });
    }
    return out;
  }

  /**
   * The rows at which Candela must be timed again: those of the lines whose peer stopped short of
   * the rows Candela scores and finished some.
   *
   * @param lines the script's lines
   * @return the row counts, ascending, without repeats
   */
  static List<Integer> shortRows(List<Line> lines) {
    java.util.TreeSet<Integer> rows = new java.util.TreeSet<>();
    for (Line l : lines) {
      if (l.seconds() != null && l.rows() > 0 && l.rows() < l.fullRows()) {
        rows.add(l.rows());
      }
    }
    return List.copyOf(rows);
  }
}
