package dev.candela.metrics.stats;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The one report line about estimators whose value depends on the number of rows N. Which scores it
 * names is decided by the coverage study ({@code candela bench coverage}, docs/evaluate.md): a
 * score is listed when its mean at N = 1,000 or 10,000 differs from its large-N value by more than
 * its own standard error there, or when it depends on N by construction (IRS divides by each
 * latent's largest deviation, which grows with N). The line appears at most once per report, and
 * only when the report has such a score.
 */
public final class BiasNote {
  private BiasNote() {}

  /**
   * Score ids (or prefixes ending in {@code .} or {@code @}) whose value depends on N enough to
   * matter, from the coverage study.
   */
  public static final Set<String> DEPENDS_ON_N = Set.of("irs", "mig", "cg", "latent_mi");

  /**
   * The line, when the report has an affected score.
   *
   * @param scoreIds the report's score ids
   * @param n the rows the scores were computed on
   * @return the line, or empty
   */
  public static Optional<String> line(Collection<String> scoreIds, int n) {
    List<String> hit = new ArrayList<>();
    for (String id : scoreIds) {
      if (affected(id)) {
        hit.add(id);
      }
    }
    if (hit.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        String.format(
            Locale.ROOT,
            "%s depend%s on the number of rows (N = %d here; see docs/evaluate.md, coverage):"
                + " compare models only at equal N",
            String.join(", ", hit),
            hit.size() == 1 ? "s" : "",
            n));
  }

  private static boolean affected(String id) {
    for (String p : DEPENDS_ON_N) {
      if (id.equals(p) || ((p.endsWith(".") || p.endsWith("@")) && id.startsWith(p))) {
        return true;
      }
    }
    return false;
  }
}
