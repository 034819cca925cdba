package dev.candela.metrics;

import java.util.List;

/**
 * Where a learned metric's result comes from: the latents and factors it was fitted on, the seed
 * and the sizes of its train/test split. A result holds it as an unwrapped part, so JSON writes
 * these fields among the result's own, as before.
 *
 * @param latentNames one name per latent
 * @param factorNames one name per factor
 * @param seed the seed passed to the learner
 * @param numTrain training samples used
 * @param numTest test samples used
 */
public record SplitProvenance(
    List<String> latentNames, List<String> factorNames, long seed, int numTrain, int numTest) {

  /** Copies the names. */
  public SplitProvenance {
    latentNames = List.copyOf(latentNames);
    factorNames = List.copyOf(factorNames);
  }

  /**
   * The provenance of a fit on {@code train} scored on {@code test}.
   *
   * @param train the training rows (their latent and factor names are the result's)
   * @param test the test rows
   * @param seed the seed
   * @return the provenance
   */
  public static SplitProvenance of(LatentCodes train, LatentCodes test, long seed) {
    return new SplitProvenance(
        train.latentNames(), train.factorNames(), seed, train.numSamples(), test.numSamples());
  }
}
