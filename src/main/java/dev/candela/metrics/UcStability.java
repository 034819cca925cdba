package dev.candela.metrics;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How often each factor's UC latent set held across the half samples of the subsampling that gives
 * UC its interval ({@link CodeMetric.Subsampled#halfSampleDetails}): for factor i, the fraction of
 * the half samples whose set Z_i equals the set chosen on all rows. UC moves only when a set
 * changes, so this says which factor makes a UC score uncertain. The half samples have N/2 rows, so
 * a set tends to hold there less often than at N: the fractions tend to understate the stability at
 * N.
 *
 * @param halfSamples the half samples compared (2S)
 * @param sameSet factor name to the fraction of half samples with the same set, in factor order
 */
public record UcStability(int halfSamples, Map<String, Double> sameSet) {

  /** Validates the count and the fractions; freezes the map, its order kept. */
  public UcStability {
    if (halfSamples < 1) {
      throw new IllegalArgumentException("UC stability needs half samples, got " + halfSamples);
    }
    for (Map.Entry<String, Double> e : sameSet.entrySet()) {
      if (!(e.getValue() >= 0 && e.getValue() <= 1)) {
        throw new IllegalArgumentException(
            "UC stability of factor '" + e.getKey() + "' must be in [0, 1], got " + e.getValue());
      }
    }
    sameSet = Collections.unmodifiableMap(new LinkedHashMap<>(sameSet));
  }
}
