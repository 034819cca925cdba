package dev.candela.causal.distance;

import java.util.LinkedHashMap;
import java.util.List;
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
 * @param names the observed variables in the order the computation used (names sorted), the column
 *     order of the evidence rows
 * @param doValues the do-values of each intervention node, by name (value indices for a discrete
 *     node of the truth)
 * @param evidenceRows the evidence rows that entered CD, over {@code names}
 * @param skippedEvidenceRows the evidence rows left out of CD, over {@code names}
 */
public record LadderResult(
    double od,
    double id,
    double cd,
    Map<String, Double> idByNode,
    int evidenceUsed,
    int evidenceSkipped,
    LadderOptions options,
    List<String> names,
    Map<String, double[]> doValues,
    double[][] evidenceRows,
    double[][] skippedEvidenceRows) {

  /** Validates and copies. */
  public LadderResult {
    if (Double.isNaN(od) || Double.isNaN(id) || Double.isNaN(cd) || od < 0 || id < 0 || cd < 0) {
      throw new IllegalArgumentException(
          "distances must be >= 0, got od=" + od + ", id=" + id + ", cd=" + cd);
    }
    idByNode = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(idByNode));
    names = List.copyOf(names);
    Map<String, double[]> dv = new LinkedHashMap<>();
    doValues.forEach((k, v) -> dv.put(k, v.clone()));
    doValues = java.util.Collections.unmodifiableMap(dv);
    evidenceRows = deepCopy(evidenceRows);
    skippedEvidenceRows = deepCopy(skippedEvidenceRows);
  }

  private static double[][] deepCopy(double[][] a) {
    double[][] c = new double[a.length][];
    for (int i = 0; i < a.length; i++) {
      c[i] = a[i].clone();
    }
    return c;
  }

  /** Value equality, arrays compared by content. */
  @Override
  public boolean equals(Object o) {
    if (!(o instanceof LadderResult r)) {
      return false;
    }
    if (!(Double.compare(od, r.od) == 0
        && Double.compare(id, r.id) == 0
        && Double.compare(cd, r.cd) == 0
        && idByNode.equals(r.idByNode)
        && evidenceUsed == r.evidenceUsed
        && evidenceSkipped == r.evidenceSkipped
        && options.equals(r.options)
        && names.equals(r.names)
        && doValues.keySet().equals(r.doValues.keySet())
        && java.util.Arrays.deepEquals(evidenceRows, r.evidenceRows)
        && java.util.Arrays.deepEquals(skippedEvidenceRows, r.skippedEvidenceRows))) {
      return false;
    }
    for (Map.Entry<String, double[]> e : doValues.entrySet()) {
      if (!java.util.Arrays.equals(e.getValue(), r.doValues.get(e.getKey()))) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(od, id, cd, idByNode, names)
        + 31 * java.util.Arrays.deepHashCode(evidenceRows);
  }

  @Override
  public double[][] evidenceRows() {
    return deepCopy(evidenceRows);
  }

  @Override
  public double[][] skippedEvidenceRows() {
    return deepCopy(skippedEvidenceRows);
  }
}
