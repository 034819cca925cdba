package dev.candela.synth;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.data.ConfoundingRules;
import dev.candela.data.candle.CandleDataset;
import dev.candela.data.candle.CandleIds;
import dev.candela.data.candle.CandleMetadata;
import dev.candela.data.validate.CandleValidator;
import dev.candela.data.validate.ValidationReport;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CandleGeneratorTest {
  private static final double JITTER = CandleRenderer.JITTER_DEG;
  private static final long SEED = 11;

  @TempDir static Path dir;
  static Path first;
  static int[] ids;
  static CandleGenerator.Summary summary;

  @BeforeAll
  static void generate() throws Exception {
    CandleGenerator g = new CandleGenerator(ConfoundingRules.forDataset("candle", null), SEED);
    // One (scene, lights) group large enough for the median background, plus a few other ids.
    int bridgeLeft = CandleIds.id(new int[] {3, 0, 0, 0, 0, 0});
    int[] group = g.select(bridgeLeft, bridgeLeft + 449, 6);
    int[] spread = g.select(0, CandleIds.GRID - 1, 3);
    ids =
        java.util.stream.IntStream.concat(
                java.util.Arrays.stream(group), java.util.Arrays.stream(spread))
            .sorted()
            .distinct()
            .toArray();
    first = dir.resolve("a");
    summary = g.generate(first, ids, null);
  }

  @Test
  void roundTripLoadsAndValidatesClean() throws Exception {
    assertEquals(ids.length, summary.written());
    try (CandleDataset ds = CandleDataset.open(first)) {
      assertEquals(ids.length, ds.size());
      for (int i = 0; i < ids.length; i++) {
        assertEquals(ids[i], ds.id(i));
        assertArrayEquals(CandleIds.codes(ids[i]), ds.codes(i));
      }
      float[] img = ds.images(new long[] {0, 1});
      assertEquals(2 * 3 * 240 * 320, img.length);
      for (float v : img) {
        assertTrue(v >= 0 && v <= 1);
      }
      CandleMetadata m = ds.metadata(0);
      double j = ((Number) m.extras().get("jitter_deg")).doubleValue();
      assertTrue(Math.abs(j) <= JITTER, "jitter " + j);
      assertTrue(m.extras().containsKey("u") && m.extras().containsKey("brightness"));
      // the folder's source: the extras every sample shares, not the per-image ones
      java.util.Map<String, Object> source = ds.source();
      assertFalse(source.containsKey("jitter_deg") || source.containsKey("u"), source.toString());
      assertFalse(source.isEmpty(), "the generator's own entries are shared");
      for (var e : source.entrySet()) {
        assertEquals(e.getValue(), ds.metadata(ids.length - 1).extras().get(e.getKey()));
      }
    }
    ValidationReport r =
        new CandleValidator(ConfoundingRules.forDataset("candle", "published")).validate(first);
    assertTrue(r.clean(), r.findings().toString());
    assertEquals(ids.length, r.statistics().samples());
  }

  @Test
  void sameSeedSameBytesOtherSeedOtherBytes() throws Exception {
    int[] two = {ids[0], ids[ids.length - 1]};
    Path same = dir.resolve("same");
    new CandleGenerator(ConfoundingRules.forDataset("candle", null), SEED)
        .generate(same, two, null);
    Path other = dir.resolve("other");
    new CandleGenerator(ConfoundingRules.forDataset("candle", null), SEED + 1)
        .generate(other, two, null);
    for (int id : two) {
      for (String ext : new String[] {".png", ".json"}) {
        assertArrayEquals(
            Files.readAllBytes(first.resolve(id + ext)),
            Files.readAllBytes(same.resolve(id + ext)),
            id + ext);
      }
      assertFalse(
          java.util.Arrays.equals(
              Files.readAllBytes(first.resolve(id + ".png")),
              Files.readAllBytes(other.resolve(id + ".png"))));
    }
  }

  @Test
  void resumeSkipsCompleteSamplesAndRedrawsHalfOnes() throws Exception {
    Path resume = dir.resolve("resume");
    CandleGenerator g = new CandleGenerator(ConfoundingRules.forDataset("candle", null), SEED);
    int[] two = {ids[0], ids[1]};
    g.generate(resume, two, null);
    Files.delete(resume.resolve(ids[1] + ".json"));
    CandleGenerator.Summary s = g.generate(resume, two, null);
    assertEquals(1, s.skipped());
    assertEquals(1, s.written());
  }

  @Test
  void excludedIdsAreNeitherSelectedNorWritten() throws Exception {
    CandleGenerator g = new CandleGenerator(ConfoundingRules.forDataset("candle", null), SEED);
    // indoor, left, cube, red, size 2.5, rotation 0 is excluded by the published filter.
    int excluded = CandleIds.id(new int[] {0, 0, 0, 0, 2, 0});
    assertEquals(0, g.select(excluded, excluded, null).length);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> g.generate(dir.resolve("x"), new int[] {excluded}, null));
    assertTrue(e.getMessage().contains("id " + excluded), e.getMessage());
    assertEquals(12_546, g.select(0, CandleIds.GRID - 1, null).length);
  }
}
