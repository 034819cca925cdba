package dev.candela.metrics;

import dev.candela.metrics.stats.Subsampling;
import dev.candela.metrics.stats.Uncertainty;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The registered {@link Metric#UC} function: unconfoundedness (Reddy et al. 2022, "On causally
 * disentangled representations", AAAI) for every requested ρ and selection mode, from the IRS
 * matrix of the context ({@link Uc}); keys {@code uc@ρ} and {@code uc@ρ.fork}, details {@code uc}.
 *
 * <p>UC takes lattice values (steps of 2/(F(F−1)(2ρ−1))): when no subsample moves it, its interval
 * is floored at one lattice step at the rule-of-three rate ({@link Subsampling#zeroSpreadFloor}).
 */
final class UcMetric implements CodeMetric.Subsampled {
  @Override
  public Scored score(CodeContext context) {
    Map<String, Double> scores = new LinkedHashMap<>();
    Map<String, Object> uc = new LinkedHashMap<>();
    for (int rho : context.options().rhos()) {
      for (UcSelection mode : context.options().ucModes()) {
        UcResult r = Uc.compute(context.irs(), rho, mode);
        scores.put(key(rho, mode), r.score());
        uc.put(key(rho, mode), r);
      }
    }
    return new Scored(scores, Map.of("uc", uc));
  }

  @Override
  public Uncertainty adjust(
      String key, Uncertainty u, double score, CodeContext context, int splits) {
    int factors = context.scored().numFactors();
    if (u.se() != 0 || factors < 2) {
      return u;
    }
    for (int rho : context.options().rhos()) {
      for (UcSelection mode : context.options().ucModes()) {
        if (key(rho, mode).equals(key)) {
          return Subsampling.zeroSpreadFloor(
              u, score, Uc.step(factors, rho), Subsampling.VALUES_PER_SPLIT * splits);
        }
      }
    }
    return u;
  }

  /**
   * Per UC key, how often each factor's set held across the half samples ({@link UcStability}),
   * under the details id {@code ucStability}.
   */
  @Override
  public Map<String, Object> halfSampleDetails(List<Scored> halves, CodeContext context) {
    if (halves.isEmpty()) {
      return Map.of();
    }
    List<String> factors = context.scored().factorNames();
    Map<String, Object> byKey = new LinkedHashMap<>();
    for (int rho : context.options().rhos()) {
      for (UcSelection mode : context.options().ucModes()) {
        String key = key(rho, mode);
        List<List<Integer>> all = Uc.compute(context.irs(), rho, mode).sets();
        int[] same = new int[all.size()];
        int compared = 0;
        for (Scored half : halves) {
          if (half.details().get("uc") instanceof Map<?, ?> uc
              && uc.get(key) instanceof UcResult r) {
            compared++;
            List<List<Integer>> sets = r.sets();
            for (int f = 0; f < all.size(); f++) {
              if (sets.get(f).equals(all.get(f))) {

                same[f]++;
              }
            }
          }
        }
        if (compared > 0) {
          Map<String, Double> fractions = new LinkedHashMap<>();
          for (int f = 0; f < all.size(); f++) {
            fractions.put(factors.get(f), same[f] / (double) compared);
          }
          byKey.put(key, new UcStability(compared, fractions));
        }
      }
    }
    return byKey.isEmpty() ? Map.of() : Map.of("ucStability", byKey);
  }

  /** The report key of UC at ρ with a selection mode. */
  static String key(int rho, UcSelection mode) {
    return "uc@" + rho + (mode == UcSelection.FORK ? ".fork" : "");
  }

  @Override
  public List<String> keys(CodeScorer.Options options) {
    List<String> keys = new java.util.ArrayList<>();
    for (int rho : options.rhos()) {
      for (UcSelection mode : options.ucModes()) {
        keys.add(key(rho, mode));
      }
    }
    return keys;
  }
}
