package dev.candela.causal.distance;

import dev.candela.causal.model.CausalModel;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Everything a {@link CausalMetric} may need to compare a true and a learned model, with a memo so
 * that metrics sharing one computation (OD, ID, CD) run it once.
 */
public final class DistanceRequest {
  private final CausalModel truth;
  private final CausalModel model;
  private final LadderOptions ladder;
  private final String treatment;
  private final List<String> outcomes;
  private final TvOptions tvOptions;
  private final long seed;
  private int replicates = LadderDistances.DEFAULT_REPLICATES;
  private boolean shdDoubleForAnticausal = true;
  private final Map<String, Object> memo = new HashMap<>();

  /**
   * Creates a request.
   *
   * @param truth the true model
   * @param model the learned model
   * @param ladder OD/ID/CD options
   * @param treatment the TV treatment {@code NAME=value,...}, or null for the DAG summary
   * @param outcomes the TV outcomes (empty with a null treatment)
   * @param mcSamples Monte Carlo size for multi-outcome Gaussian TV
   * @param seed the seed
   */
  public DistanceRequest(
      CausalModel truth,
      CausalModel model,
      LadderOptions ladder,
      String treatment,
      List<String> outcomes,
      int mcSamples,
      long seed) {
    this(
        truth,
        model,
        ladder,
        treatment,
        outcomes,
        TvOptions.defaults().withMcSamples(mcSamples),
        seed);
  }

  /**
   * Creates a request with explicit TV settings.
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
    this.truth = truth;
    this.model = model;
    this.ladder = ladder;
    this.treatment = treatment;
    this.outcomes = List.copyOf(outcomes);
    this.tvOptions = tvOptions;
    this.seed = seed;
  }

  /**
   * Sets the number of replicate runs behind the standard errors and null baselines of the sampled
   * distances (OD, ID, CD): default {@link LadderDistances#DEFAULT_REPLICATES}.
   *
   * @param r the number of runs, {@code >= 2}
   * @return this request
   * @throws IllegalArgumentException for {@code r < 2}
   */
  public DistanceRequest replicates(int r) {
    if (r < 2) {
      throw new IllegalArgumentException("replicates must be >= 2 for a standard error, got " + r);
    }
    this.replicates = r;
    memo.clear();
    return this;
  }

  /**
   * Sets how {@code shd} counts a reversed edge: 2 with {@code true} (cdt's default {@code
   * double_for_anticausal=True}, the default here), 1 with {@code false} (R's {@code
   * SID::hammingDist} and cdt's {@code double_for_anticausal=False}).
   *
   * @param doubled whether a reversed edge counts 2
   * @return this request
   */
  public DistanceRequest shdDoubleForAnticausal(boolean doubled) {
    this.shdDoubleForAnticausal = doubled;
    return this;
  }

  /**
   * Whether {@code shd} counts a reversed edge twice.
   *
   * @return the convention
   */
  public boolean shdDoubleForAnticausal() {
    return shdDoubleForAnticausal;
  }

  /**
   * The number of replicate runs behind a standard error.
   *
   * @return the count
   */
  public int replicates() {
    return replicates;
  }

  /**
   * The TV estimation settings.
   *
   * @return the settings
   */
  public TvOptions tvOptions() {
    return tvOptions;
  }

  /**
   * The true model.
   *
   * @return the model
   */
  public CausalModel truth() {
    return truth;
  }

  /**
   * The learned model.
   *
   * @return the model
   */
  public CausalModel model() {
    return model;
  }

  /**
   * The OD/ID/CD options.
   *
   * @return the options
   */
  public LadderOptions ladder() {
    return ladder;
  }

  /**
   * The TV treatment, or null.
   *
   * @return the treatment
   */
  public String treatment() {
    return treatment;
  }

  /**
   * The TV outcomes.
   *
   * @return the outcomes
   */
  public List<String> outcomes() {
    return outcomes;
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
   * The seed.
   *
   * @return the seed
   */
  public long seed() {
    return seed;
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
