package dev.candela.causal.distance;

import dev.candela.Setting;
import dev.candela.SettingException;
import dev.candela.causal.model.CausalModel;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Everything a {@link CausalMetric} may need to compare a true and a learned model, with a memo so
 * that metrics sharing one computation (OD, ID, CD) run it once.
 *
 * @param truth the true model
 * @param model the learned model
 * @param ladder the OD/ID/CD options
 * @param treatment the TV treatment {@code NAME=value,...}, or null for the DAG summary
 * @param outcomes the TV outcomes (empty with a null treatment)
 * @param tvOptions the TV estimation settings
 * @param seed the seed
 * @param replicates the number of replicate runs behind the standard errors and null baselines of
 *     the sampled distances (OD, ID, CD), {@code >= 2}
 * @param shdDoubleForAnticausal whether {@code shd} counts a reversed edge twice
 * @param memo the shared intermediate results ({@link #memo(String, Supplier)}), empty at first
 */
public record DistanceRequest(
    CausalModel truth,
    CausalModel model,
    LadderOptions ladder,
    String treatment,
    List<String> outcomes,
    TvOptions tvOptions,
    long seed,
    int replicates,
    boolean shdDoubleForAnticausal,
    Map<String, Object> memo) {

  /**
   * Copies the outcomes and checks the replicates.
   *
   * @throws IllegalArgumentException for {@code replicates < 2}
   */
  public DistanceRequest {
    outcomes = List.copyOf(outcomes);
    if (replicates < 2) {
      throw new SettingException(
          Setting.REPLICATES, replicates, "must be >= 2 for a standard error, got " + replicates);
    }
  }

  /**
   * Creates a request with explicit TV settings, {@link LadderDistances#DEFAULT_REPLICATES}
   * replicates and cdt's default {@code shd} (a reversed edge counts 2).
   *
   * @param truth the true model
   * @param model the learned model
   * @param ladder OD/ID/CD options
   * @param treatment the TV treatment {@code NAME=value,...}, or null for the DAG summary
   * @param outcomes the TV outcomes (empty with a null treatment)
   * @param tvOptions the TV estimation settings
   * @param seed the seed
   */
  public DistanceRequest(
      CausalModel truth,
      CausalModel model,
      LadderOptions ladder,
      String treatment,
      List<String> outcomes,
      TvOptions tvOptions,
      long seed) {
    this(
        truth,
        model,
        ladder,
        treatment,
        outcomes,
        tvOptions,
        seed,
        LadderDistances.DEFAULT_REPLICATES,
        true,
        new HashMap<>());
  }

  /**
   * This request with another number of replicate runs behind the standard errors and null
   * baselines of the sampled distances (OD, ID, CD): default {@link
   * LadderDistances#DEFAULT_REPLICATES}; nothing memoised.
   *
   * @param r the number of runs, {@code >= 2}
   * @return the request
   * @throws IllegalArgumentException for {@code r < 2}
   */
  public DistanceRequest replicates(int r) {
    return with(r, shdDoubleForAnticausal, new HashMap<>());
  }

  /**
   * This request with another way for {@code shd} to count a reversed edge: 2 with {@code true}
   * (cdt's default {@code double_for_anticausal=True}, the default here), 1 with {@code false} (R's
   * {@code SID::hammingDist} and cdt's {@code double_for_anticausal=False}).
   *
   * @param doubled whether a reversed edge counts 2
   * @return the request
   */
  public DistanceRequest shdDoubleForAnticausal(boolean doubled) {
    return with(replicates, doubled, memo);
  }

  private DistanceRequest with(int r, boolean doubled, Map<String, Object> m) {
    return new DistanceRequest(
        truth, model, ladder, treatment, outcomes, tvOptions, seed, r, doubled, m);
  }

  /**
   * The Monte Carlo sample size.
   *
   * @return the size
   */
  public int mcSamples() {
    return tvOptions.mcSamples();
  }

  /**
   * A shared intermediate result, computed once per request.
   *
   * @param key the memo key
   * @param compute the computation
   * @param <T> the type
   * @return the cached or computed value
   */
  @SuppressWarnings("unchecked")
  public <T> T memo(String key, Supplier<T> compute) {
    Object v = memo.get(key);
    if (v == null) {
      v = compute.get();
      memo.put(key, v);
    }
    return (T) v;
  }
}
