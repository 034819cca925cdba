package dev.candela.evaluate;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.CandelaException;
import dev.candela.data.ImageDegradation;
import dev.candela.metrics.cg.CgReadout;
import dev.candela.metrics.cg.truth.ConstructedDecoder;
import dev.candela.metrics.cg.truth.TruthCase;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * PENDING (issue 36): the ground-truth CG case that Candela's CG still gets wrong with the shipped
 * classifier: a disentangled decoder blurred like a VAE. It runs only with {@code
 * -Dcandela.cgTruthPending=true}; the lead enables it (removes the condition) once a classifier
 * that reads degraded images ({@code train-classifier --degrade vae-like}, e.g. {@code
 * models/dsprites-classifier-vae}) is shipped as the default. Measured on 2026-12-03 after the
 * cg-latents and cg-readout merges (64 samples, max-deviation, tolerant read-out, shipped
 * classifier): true 1.0, Candela 0.834; see docs/cg.md. (The inert-latent and orientation checks
 * that were pending before those merges now pass and are in {@code CgTruthBenchmarkTest}.)
 */
@EnabledIfSystemProperty(named = "candela.cgTruthPending", matches = "true")
class CgTruthPendingTest {

  private static void assertWithinTolerance(CgTruthBenchmark.Result r) {
    for (CgTruthBenchmark.Row row : r.rows()) {
      assertTrue(
          row.pass(),
          row.decoder()
              + " ("
              + row.degradation()
              + "): true "
              + row.trueCg()
              + ", candela "
              + row.candelaCg()
              + ", factors "
              + row.factors());
    }
    r.orders().forEach(o -> assertTrue(o.agrees(), o.violations().toString()));
  }

  /** Blurred like a VAE (σ = 2 px, contrast 0.8, offset 0.05, noise 0.02): truth 1.0. */
  @Test
  void degradedDisentangledDecoderKeepsItsCg() throws CandelaException {
    assertWithinTolerance(
        CgTruthBenchmarkTest.run(
            List.of(
                TruthCase.of(ConstructedDecoder.disentangled()),
                TruthCase.of(ConstructedDecoder.leak(0.5))),
            new ImageDegradation(2, 0.8, 0.05, 0.02),
            CgTruthBenchmarkTest.READABLE,
            CgReadout.DEFAULT));
  }
}
