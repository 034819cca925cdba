package dev.candela.metrics;

import dev.candela.CandelaException;
import dev.candela.data.FactorSampler;
import dev.candela.data.FactorSpace;
import dev.candela.metrics.stats.Uncertainty;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The registered code-table functions of {@link Metric#BETAVAE} (Higgins et al. 2017, "β-VAE:
 * learning basic visual concepts with a constrained variational framework", ICLR) and {@link
 * Metric#FACTORVAE} (Kim and Mnih 2018, "Disentangling by factorising", ICML), keys {@code betavae}
 * and {@code factorvae}: the metrics of {@link BetaVae} and {@link FactorVae} with the table as the
 * dataset. Their fixed-factor batches are drawn from the table's rows ({@link
 * FactorSampler#forCodes}): a batch's fixed value is the value of one uniformly drawn row, and its
 * samples are drawn uniformly with replacement among the rows that carry that value; the
 * representation of a row is its latent codes. disentanglement_lib draws the same way from a
 * ground-truth dataset, resampling the other factors freely; on a table that holds the full factor
 * grid once, both draw from the same distribution. Defaults of disentanglement_lib ({@link
 * SampledMetricOptions#defaults()}: batches of 64, 10,000 training and 5,000 evaluation points),
 * seeded by the options' seed; the interval is {@link SampledMetricRepeats} over the rows (repeats
 * and half samples of the table), as {@code evaluate} gives these metrics when it draws from its
 * encoded rows.
 */
final class TableSampledMetric implements CodeMetric.Repeated {
  /** One run of the metric on a sampler and a representation. */
  @FunctionalInterface
  interface Compute {
    /**
     * Computes.
     *
     * @param sampler draws the batches
     * @param representation the representation of a sample index
     * @param options batch size, point counts, seed
     * @return the result record
     * @throws CandelaException when the representation fails
     */
    Object compute(
        FactorSampler sampler, Representation representation, SampledMetricOptions options)
        throws CandelaException;
  }

  private final String key;
  private final Compute compute;
  private final java.util.function.ToDoubleFunction<Object> score;

  private TableSampledMetric(
      String key, Compute compute, java.util.function.ToDoubleFunction<Object> score) {
    this.key = key;
    this.compute = compute;
    this.score = score;
  }

  /** The BetaVAE function. */
  static TableSampledMetric betaVae() {
    return new TableSampledMetric("betavae", BetaVae::compute, r -> ((BetaVaeResult) r).score());
  }

  /** The FactorVAE function. */
  static TableSampledMetric factorVae() {
    return new TableSampledMetric(
        "factorvae", FactorVae::compute, r -> ((FactorVaeResult) r).score());
  }

  /**
   * A code table as a dataset: the sampler over its rows and the representation of a row.
   *
   * @param sampler draws fixed-factor batches of row indices
   * @param representation row index to its latents
   * @param indices the row indices 0..N−1
   * @param rowCodes {@code [row][factor]}
   */
  record Table(
      FactorSampler sampler, Representation representation, long[] indices, int[][] rowCodes) {

    /**
     * The table of some codes (factor names as the space's names, codes 0..max as the values).
     *
     * @param codes the codes
     * @return the table
     */
    static Table of(LatentCodes codes) {
      int n = codes.numSamples();
      int k = codes.numFactors();
      List<FactorSpace.Factor> fs = new ArrayList<>();
      for (int f = 0; f < k; f++) {
        List<Object> values = new ArrayList<>();
        for (int v = 0; v < codes.factorSize(f); v++) {
          values.add(v);
        }
        fs.add(new FactorSpace.Factor(codes.factorNames().get(f), values));
      }
      long[] idx = new long[n];
      int[][] rows = new int[n][k];
      for (int i = 0; i < n; i++) {
        idx[i] = i;
        for (int f = 0; f < k; f++) {
          rows[i][f] = codes.factors()[f][i];
        }
      }
      float[][] z = codes.latents();
      Representation rep =
          ix -> {
            double[][] r = new double[ix.length][z.length];
            for (int i = 0; i < ix.length; i++) {
              for (int j = 0; j < z.length; j++) {
                r[i][j] = z[j][(int) ix[i]];
              }
            }
            return r;
          };
      return new Table(
          FactorSampler.forCodes(new FactorSpace("code table", fs), idx, rows), rep, idx, rows);
    }
  }

  private static Table table(CodeContext context) {
    return context.memo("code-table-sampler", () -> Table.of(context.scored()));
  }

  private static SampledMetricOptions options(CodeContext context) {
    return SampledMetricOptions.defaults().withSeed(context.options().seed());
  }

  @Override
  public Scored score(CodeContext context) {
    try {
      Table t = table(context);
      Object r = compute.compute(t.sampler(), t.representation(), options(context));
      return Scored.of(key, score.applyAsDouble(r), r);
    } catch (CandelaException e) {
      throw new IllegalStateException(key + ": " + e.getMessage(), e);
    }
  }

  @Override
  public Map<String, Uncertainty> intervals(CodeContext context, Map<String, Double> scores) {
    Double centre = scores.get(key);
    if (centre == null) {
      return Map.of();
    }
    Table t = table(context);
    SampledMetricRepeats.Run one =
        (sampler, o) -> score.applyAsDouble(compute.compute(sampler, t.representation(), o));
    try {
      Uncertainty u =
          SampledMetricRepeats.of(
              centre, one, t.sampler(), t.indices(), t.rowCodes(), options(context));
      return u == null ? Map.of() : Map.of(key, u);
    } catch (CandelaException e) {
      throw new IllegalStateException(key + ": " + e.getMessage(), e);
    }
  }

  @Override
  public List<String> keys(CodeScorer.Options options) {
    return List.of(key);
  }
}
