package dev.candela.causal.distance;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The observational, interventional and counterfactual distances of Peyrard &amp; West.
 *
 * @param od {@code D(P1(V), P2(V))}
 * @param id the μ-weighted mean over intervention nodes (the empty one included) of the mean over
 *     do-values of {@code D(P1(V | do(X=x)), P2(V | do(X=x)))}
 * @param cd the ν-weighted mean over evidence (the empty one included) of the same expectation on
 *     counterfactual distributions {@code P(V | e, do(X=x))}
 * @param idByNode the ID term of each intervention node ({@link LadderOptions#EMPTY} for none)
 * @param evidenceUsed the evidence rows that entered CD
 * @param evidenceSkipped evidence rows drawn from the truth that the compared discrete model gives
 *     probability 0 (its counterfactual is undefined there); they are left out of CD
 * @param options the options used
 */
public record LadderResult(
    double od,
    double id,
    double cd,
    Map<String, Double> idByNode,
    int evidenceUsed,
    int evidenceSkipped,
    LadderOptions options) {

  /** Validates and copies. */
  public LadderResult {
    if (Double.isNaN(od) || Double.isNaN(id) || Double.isNaN(cd) || od < 0 || id < 0 || cd < 0) {
      throw new IllegalArgumentException(
          "distances must be >= 0, got od=" + od + ", id=" + id + ", cd=" + cd);
    }
    idByNode = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(idByNode));
  }
}
