package dev.candela.evaluate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.CandelaException;
import dev.candela.Progress;
import dev.candela.data.ImageDegradation;
import dev.candela.metrics.cg.CgBaseline;
import dev.candela.metrics.cg.CgReadout;
import dev.candela.metrics.cg.truth.ConstructedDecoder;
import dev.candela.metrics.cg.truth.TruthCase;
import dev.candela.model.hosting.ComputeDevice;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The ground-truth CG benchmark at a small size with the shipped dSprites classifier: on the
 * undegraded disentangled and leaking decoders, Candela's CG is within {@link
 * CgTruthBenchmark#TOLERANCE} of the truth and orders them as the truth does, under both read-outs,
 * on the readable factors; orientation joins them under the tolerant read-out (its symmetric shapes
 * and its wrap-around, codes 0 and 39 drawing the same angle, make the exact read-out's probability
 * of the true code fall short of the oracle's, see docs/cg.md); an inert clean copy of posX is not
 * taken for posX. {@code CgTruthPendingTest} holds the case that fails today (the degraded
 * decoder).
 */
class CgTruthBenchmarkTest {

  static final Path CLASSIFIER = Path.of("models/dsprites-classifier");

  static final List<String> READABLE = List.of("shape", "scale", "posX", "posY");

  static CgTruthBenchmark.Result run(
      List<TruthCase> cases, ImageDegradation d, List<String> factors, CgReadout readout)
      throws CandelaException {
    CgTruthOptions o =
        new CgTruthOptions(
            64,
            0,
            cases,
            List.of(d),
            List.of(CgBaseline.MAX_DEVIATION),
            List.of(CLASSIFIER),
            ComputeDevice.CPU,
            256,
            factors,
            List.of(readout));
    List<CgTruthRow> seen = new ArrayList<>();
    List<String> lines = new ArrayList<>();
    CgTruthBenchmark.Result r = CgTruthBenchmark.run(o, seen::add, Progress.messages(lines::add));
    assertEquals(r.rows(), seen, "every row is reported as it finishes");
    assertEquals(seen.size(), lines.size(), "one progress line per row: " + lines);
    return r;
  }

  @ParameterizedTest
  @EnumSource(CgReadout.class)
  void undegradedDecodersAgreeWithTheTruthInValueAndOrder(CgReadout readout)
      throws CandelaException {
    CgTruthBenchmark.Result r =
        run(
            List.of(
                TruthCase.of(ConstructedDecoder.disentangled()),
                TruthCase.of(ConstructedDecoder.leak(0.25)),
                TruthCase.of(ConstructedDecoder.leak(0.5))),
            ImageDegradation.NONE,
            READABLE,
            readout);
    assertEquals(3, r.rows().size());
    CgTruthRow dis = r.rows().get(0);
    // by hand: a disentangled decoder under max-deviation has CG 1 exactly
    assertEquals(1.0, dis.trueCg(), 1e-12);
    for (CgTruthRow leak : r.rows().subList(1, 3)) {
      assertTrue(leak.trueCg() < dis.trueCg() - 0.2, leak.decoder() + " " + leak.trueCg());
      CgTruthRow.FactorRow posX = leak.factors().get(2);
      assertEquals("posX", posX.factor());
      assertTrue(posX.trueCg() < 0.1, "posX truth " + posX.trueCg());
    }
    for (CgTruthRow row : r.rows()) {
      assertEquals(List.of(), row.excluded(), row.decoder());
      assertTrue(
          row.absDelta() <= CgTruthBenchmark.TOLERANCE,
          row.decoder() + ": true " + row.trueCg() + ", candela " + row.candelaCg());
      assertTrue(row.pass());
      for (CgTruthRow.FactorRow f : row.factors()) {
        assertEquals(f.trueSet(), f.candelaSet(), row.decoder() + " " + f.factor());
      }
    }
    assertEquals(1, r.orders().size());
    assertTrue(r.orders().get(0).agrees(), r.orders().get(0).violations().toString());
    assertTrue(r.allPass());
  }

  /**
   * An inert clean copy of posX is not taken for posX (the selection keeps latents the decoder
   * uses): truth 0.75 over the readable factors with the 0.5 leak.
   */
  @Test
  void inertLatentIsNotSelected() throws CandelaException {
    CgTruthBenchmark.Result r =
        run(
            List.of(
                TruthCase.of(ConstructedDecoder.disentangled()),
                TruthCase.of(ConstructedDecoder.inertCopy(0.5))),
            ImageDegradation.NONE,
            READABLE,
            CgReadout.DEFAULT);
    CgTruthRow.FactorRow posX = r.rows().get(1).factors().get(2);
    assertEquals("posX", posX.factor());
    assertFalse(posX.candelaSet().contains(5), "inert latent z5 selected for posX");
    assertWithinTolerance(r);
  }

  /**
   * With orientation among the factors, the tolerant read-out (symmetric copies and one grid step
   * count as read) meets the truth read the same way (1.0 for the disentangled decoder).
   */
  @Test
  void orientationIsReadAsTheTruth() throws CandelaException {
    assertWithinTolerance(
        run(
            List.of(TruthCase.of(ConstructedDecoder.disentangled())),
            ImageDegradation.NONE,
            ConstructedDecoder.FACTOR_NAMES,
            CgReadout.DEFAULT));
  }

  /**
   * Blurred like a VAE (σ = 2 px, contrast 0.8, offset 0.05, noise 0.02), the shipped classifier
   * (trained on such degraded images) still reads the truth: 1.0 for the disentangled decoder.
   */
  @Test
  void degradedDisentangledDecoderKeepsItsCg() throws CandelaException {
    assertWithinTolerance(
        run(
            List.of(
                TruthCase.of(ConstructedDecoder.disentangled()),
                TruthCase.of(ConstructedDecoder.leak(0.5))),
            new ImageDegradation(2, 0.8, 0.05, 0.02),
            READABLE,
            CgReadout.DEFAULT));
  }

  private static void assertWithinTolerance(CgTruthBenchmark.Result r) {
    for (CgTruthRow row : r.rows()) {
      assertTrue(
          row.pass(),
          row.decoder()
              + ": true "
              + row.trueCg()
              + ", candela "
              + row.candelaCg()
              + ", "
              + row.factors());
    }
    r.orders().forEach(o -> assertTrue(o.agrees(), o.violations().toString()));
  }

  @Test
  void orderCheckComparesOnlyPairsTheTruthSeparates() {
    List<CgTruthRow> rows = List.of(row("a", 1.0, 0.90), row("b", 0.97, 0.95), row("c", 0.5, 0.6));
    CgTruthOrderCheck ok = CgTruthOrderCheck.of(rows).get(0);
    // a and b are within the tolerance by the truth: Candela may order them either way
    assertTrue(ok.agrees(), ok.violations().toString());
    assertEquals(List.of("a", "b", "c"), ok.byTruth());
    assertEquals(List.of("b", "a", "c"), ok.byCandela());
    CgTruthOrderCheck bad =
        CgTruthOrderCheck.of(List.of(row("a", 1.0, 0.5), row("c", 0.5, 0.9))).get(0);
    assertFalse(bad.agrees());
    assertEquals(
        List.of("a above c by the truth (1.0000 > 0.5000), not by Candela (0.5000 <= 0.9000)"),
        bad.violations());
    // separate groups per degradation
    List<CgTruthRow> two = new ArrayList<>(rows);
    two.add(
        new CgTruthRow(
            "a",
            "blur",
            "exact",
            "max-deviation",
            "clf",
            10,
            1,
            1,
            0,
            1,
            false,
            0,
            List.of(),
            List.of()));
    assertEquals(2, CgTruthOrderCheck.of(two).size());
  }

  @Test
  void badOptionsNameTheValue() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                new CgTruthOptions(
                    64,
                    0,
                    TruthCase.defaults(),
                    List.of(ImageDegradation.NONE),
                    List.of(CgBaseline.MEAN),
                    List.of(CLASSIFIER),
                    ComputeDevice.CPU,
                    256,
                    List.of("posX", "shape"),
                    List.of(CgReadout.EXACT)));
    assertEquals(
        "factors must be among [shape, scale, orientation, posX, posY] in that order without"
            + " repeats, got [posX, shape]",
        e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                new CgTruthOptions(
                    1,
                    0,
                    TruthCase.defaults(),
                    List.of(ImageDegradation.NONE),
                    List.of(CgBaseline.MEAN),
                    List.of(CLASSIFIER),
                    ComputeDevice.CPU,
                    256,
                    ConstructedDecoder.FACTOR_NAMES,
                    List.of(CgReadout.EXACT, CgReadout.TOLERANT)));
    assertEquals("need at least 2 samples, got 1", e.getMessage());
  }

  private static CgTruthRow row(String name, double truth, double candela) {
    double d = Math.abs(truth - candela);
    return new CgTruthRow(
        name,
        "none",
        "exact",
        "max-deviation",
        "clf",
        10,
        truth,
        truth,
        candela,
        d,
        d <= CgTruthBenchmark.TOLERANCE,
        0,
        List.of(),
        List.of());
  }
}
