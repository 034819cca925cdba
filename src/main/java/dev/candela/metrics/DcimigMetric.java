package dev.candela.metrics;

/**
 * The registered {@link Metric#DCIMIG} function: DCIMIG (Sepliarskaia et al. 2019, {@link Dcimig})
 * from the context's mutual-information matrix, key {@code dcimig}. Its interval is the plain
 * delete-a-group jackknife of the matrix, as for MIG ({@code bench coverage} measures it).
 */
final class DcimigMetric extends OneScoreJackknifed<DcimigResult> {
  DcimigMetric() {
    super("dcimig", false, Dcimig::fromMutualInformation, DcimigResult::score);
  }
}
