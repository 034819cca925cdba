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
 * PENDING (issue 36): ground-truth CG cases that Candela's CG gets wrong today. They run only with
 * {@code -Dcandela.cgTruthPending=true}; the lead enables them (removes the condition) once the
 * fixes are merged: the decoder-aware latent selection (cg-latents) for the inert latent, the
 * tolerant read-out and the classifier trained on degraded images (cg-readout,
 * dsprites-classifier-vae) for the degraded decoder and for orientation. Measured on 2026-12-03
 * before those merges (64 samples, max-deviation, shipped classifier): all three fail, see the
 * cg-truth report and docs/cg.md.
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

  /** An inert clean copy of posX must not be taken for posX (truth 0.75 with the 0.5 leak). */
  @Test
  void inertLatentIsNotSelected() throws CandelaException {
    assertWithinTolerance(
        CgTruthBenchmarkTest.run(
            List.of(
                TruthCase.of(ConstructedDecoder.disentangled()),
                TruthCase.of(ConstructedDecoder.inertCopy(0.5))),
            ImageDegradation.NONE,
            CgTruthBenchmarkTest.READABLE,
            CgReadout.DEFAULT));
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

  /** With orientation among the factors (truth 1.0 for the disentangled decoder). */
  @Test
  void orientationIsReadAsTheTruth() throws CandelaException {
    assertWithinTolerance(
        CgTruthBenchmarkTest.run(
            List.of(TruthCase.of(ConstructedDecoder.disentangled())),
            ImageDegradation.NONE,
            ConstructedDecoder.FACTOR_NAMES,
            CgReadout.DEFAULT));
  }
}
