package dev.candela.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The model metrics in the registry: their ids, their kind, and that score-codes refuses them. */
class ModelMetricRegistryTest {
  @Test
  void theModelFamiliesAndTheirIds() {
    assertEquals(
        EnumSet.of(Metric.KL, Metric.RECONSTRUCTION, Metric.MIG_SAMPLED),
        Metric.of(Metric.Kind.MODEL));
    assertEquals(
        List.of("kl", "reconstruction", "mig-sampled"),
        Metric.of(Metric.Kind.MODEL).stream().map(Metric::id).toList());
  }

  @Test
  void codesAloneCannotScoreThem() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Metric.requireCodes(List.of(Metric.MIG, Metric.MIG_SAMPLED)));
    assertEquals(
        "mig-sampled is not computed from codes; choose among irs, uc, mig, dci, sap, modularity,"
            + " explicitness, mig-sup, jemmig, dcimig, sap-continuous, gaussian-tc, gaussian-wc,"
            + " latent-mi, fos, unified, downstream, downstream-gbt, dci-es, betavae, factorvae",
        e.getMessage());
  }
}
