package dev.candela.metrics;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The registered {@link Metric#FOS} function: the factorization of support (Roth et al. 2023,
 * "Disentanglement of correlated factors via Hausdorff factorized support", ICLR) of the latents
 * ({@link Fos}), keys {@code fos} (the batches of a random permutation of the rows) and {@code
 * rand_fos} (batches drawn with replacement), with B = {@link Fos#DEFAULT_BATCH_SIZE} on at most
 * {@link Fos#DEFAULT_MAX_ROWS} rows, seeded by the options' seed. It reads the latents only.
 */
final class FosMetric implements CodeMetric.Batched {
  /** Added to the seed for randFoS's draws (FoS's permutation takes the seed itself). */
  static final long RAND_SEED_OFFSET = 1;

  private record Both(FosResult fos, FosResult rand) {}

  private static Both both(CodeContext context) {
    return context.memo(
        "fos",
        () -> {
          float[][] z = context.scored().latents();
          long seed = context.options().seed();
          return new Both(
              Fos.shuffled(z, Fos.DEFAULT_BATCH_SIZE, Fos.DEFAULT_MAX_ROWS, seed),
              Fos.random(z, Fos.DEFAULT_BATCH_SIZE, Fos.DEFAULT_MAX_ROWS, seed + RAND_SEED_OFFSET));
        });
  }

  @Override
  public Scored score(CodeContext context) {
    Both b = both(context);
    Map<String, Double> scores = new LinkedHashMap<>();
    scores.put("fos", b.fos().fos());
    scores.put("rand_fos", b.rand().fos());
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("fos", b.fos());
    details.put("rand_fos", b.rand());
    return new Scored(scores, details);
  }

  @Override
  public Map<String, double[]> batchTerms(CodeContext context) {
    Both b = both(context);
    Map<String, double[]> out = new LinkedHashMap<>();
    out.put("fos", b.fos().batchTerms().toArray());
    out.put("rand_fos", b.rand().batchTerms().toArray());

    return out;
  }

  /**
   * randFoS draws its batches with replacement from the N rows: the rows add up to B/N of a batch's
   * variance (measured by {@code bench coverage}: without it SE/SD was 0.70–0.75); FoS's batches
   * partition its rows, so its batch SE is the whole.
   */
  @Override
  public double rowShare(String key, CodeContext context) {
    return key.equals("rand_fos") ? (double) Fos.DEFAULT_BATCH_SIZE / context.numSamples() : 0;
  }

  @Override
  public List<String> keys(CodeScorer.Options options) {
    return List.of("fos", "rand_fos");
  }
}
