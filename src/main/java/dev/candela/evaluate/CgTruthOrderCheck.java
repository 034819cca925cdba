package dev.candela.evaluate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The order check of one group of rows of the ground-truth CG benchmark ({@link CgTruthBenchmark}):
 * rows with the same degradation, read-out, baseline and classifier.
 *
 * @param degradation the degradation
 * @param readout the read-out
 * @param baseline the baseline
 * @param classifier the classifier
 * @param byTruth the cases by decreasing true CG
 * @param byCandela the cases by decreasing Candela CG
 * @param agrees whether every pair whose true CGs differ by more than {@link
 *     CgTruthBenchmark#TOLERANCE} is ordered the same way by Candela's CG
 * @param violations the pairs that are not, as text
 */
public record CgTruthOrderCheck(
    String degradation,
    String readout,
    String baseline,
    String classifier,
    List<String> byTruth,
    List<String> byCandela,
    boolean agrees,
    List<String> violations) {
  /** Copies the lists. */
  public CgTruthOrderCheck {
    byTruth = List.copyOf(byTruth);
    byCandela = List.copyOf(byCandela);
    violations = List.copyOf(violations);
  }

  /**
   * The order checks of rows: grouped by degradation, read-out, baseline and classifier.
   *
   * @param rows the rows
   * @return one check per group, in the order groups first appear
   */
  public static List<CgTruthOrderCheck> of(List<CgTruthRow> rows) {
    Map<List<String>, List<CgTruthRow>> groups = new LinkedHashMap<>();
    for (CgTruthRow r : rows) {
      groups
          .computeIfAbsent(
              List.of(r.degradation(), r.readout(), r.baseline(), r.classifier()),
              k -> new ArrayList<>())
          .add(r);
    }
    List<CgTruthOrderCheck> out = new ArrayList<>();
    for (Map.Entry<List<String>, List<CgTruthRow>> e : groups.entrySet()) {
      List<CgTruthRow> g = e.getValue();
      List<String> violations = new ArrayList<>();
      for (CgTruthRow a : g) {
        for (CgTruthRow b : g) {
          if (a.trueCg() - b.trueCg() > CgTruthBenchmark.TOLERANCE
              && !(a.candelaCg() > b.candelaCg())) {
            violations.add(
                String.format(
                    Locale.ROOT,
                    "%s above %s by the truth (%.4f > %.4f), not by Candela (%.4f <= %.4f)",
                    a.decoder(),
                    b.decoder(),
                    a.trueCg(),
                    b.trueCg(),
                    a.candelaCg(),
                    b.candelaCg()));
          }
        }
      }
      List<String> k = e.getKey();
      out.add(
          new CgTruthOrderCheck(
              k.get(0),
              k.get(1),
              k.get(2),
              k.get(3),
              sorted(g, CgTruthRow::trueCg),
              sorted(g, CgTruthRow::candelaCg),
              violations.isEmpty(),
              violations));
    }
    return out;
  }

  private static List<String> sorted(
      List<CgTruthRow> g, java.util.function.ToDoubleFunction<CgTruthRow> key) {
    return g.stream()
        .sorted(Comparator.comparingDouble(key).reversed())
        .map(CgTruthRow::decoder)
        .toList();
  }
}
