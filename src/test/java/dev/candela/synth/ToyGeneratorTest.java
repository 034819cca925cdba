package dev.candela.synth;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.data.ConfoundingRules;
import dev.candela.data.candle.FactorFolderDataset;
import dev.candela.data.validate.FactorFolderValidator;
import dev.candela.data.validate.FactorStatistics;
import dev.candela.data.validate.ValidationReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ToyGeneratorTest {
  private static final int COUNT = 30;

  @TempDir Path dir;

  @Test
  void shapeAndColorAreFullyConfoundedAndTheFolderLoadsAndValidates() throws Exception {
    ToyGenerator g = new ToyGenerator(3);
    int[] idx = g.select(COUNT);
    assertEquals(COUNT, g.generate(dir, idx));
    try (FactorFolderDataset ds = FactorFolderDataset.open(dir)) {
      assertEquals(COUNT, ds.size());
      assertEquals(3, ds.imageShape().channels());
      assertEquals(128, ds.imageShape().height());
      int shape = ds.space().names().indexOf("shape");
      int color = ds.space().names().indexOf("color");
      Set<Integer> shapes = new HashSet<>();
      for (long i = 0; i < ds.size(); i++) {
        int[] c = ds.codes(i);
        assertEquals(c[shape], c[color], "sample " + ds.id(i));
        shapes.add(c[shape]);
      }
      assertEquals(3, shapes.size(), "all three shapes drawn");
      float[] img = ds.images(new long[] {0});
      assertEquals(3 * 128 * 128, img.length);
    }
    ValidationReport r = new FactorFolderValidator(ConfoundingRules.none("toy")).validate(dir);
    assertTrue(r.clean(), r.findings().toString());
    FactorStatistics.CoOccurrence sc = r.statistics().cooccurrence().get(0);
    assertEquals("shape", sc.factorA());
    assertEquals("color", sc.factorB());
    assertEquals(6, sc.zeroCells(), "only the diagonal of shape x color is observed");
  }

  @Test
  void fullGridIsEveryCombinationOnceAndDeterministic() throws Exception {
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < ToyGenerator.GRID; i++) {
      assertTrue(seen.add(ToyGenerator.factors(i).toString()));
    }
    assertArrayEquals(ToyGenerator.render(17), ToyGenerator.render(17));
    assertArrayEquals(new ToyGenerator(9).select(5), new ToyGenerator(9).select(5));
  }

  @Test
  void specCopiesAreEqual() throws Exception {
    byte[] cp;
    try (var in = getClass().getClassLoader().getResourceAsStream(ToyGenerator.SPEC_RESOURCE)) {
      cp = in.readAllBytes();
    }
    assertArrayEquals(Files.readAllBytes(Path.of(ToyGenerator.SPEC_RESOURCE)), cp);
  }
}
