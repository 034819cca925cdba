package dev.candela.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.data.FactorSpace;
import dev.candela.data.validate.FactorStatistics;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code dataset inspect} figures: file names, and (with the measured text bounds, as in {@link
 * ChartsTest}) that long factor and value names with many values neither overlap nor leave the
 * image. Set {@code -Dcandela.chartSamples=DIR} to keep the PNGs.
 */
class StatisticsPlotsTest {

  @TempDir Path dir;

  @Test
  void writesOneBarChartPerFactorAndOneHeatMapPerPair() throws Exception {
    FactorSpace space =
        new FactorSpace(
            "t",
            List.of(
                new FactorSpace.Factor("a", List.of("x", "y")),
                new FactorSpace.Factor("b", List.of(1, 2, 3))));
    FactorStatistics.Accumulator acc = new FactorStatistics.Accumulator(space);
    acc.add(new int[] {0, 0});
    acc.add(new int[] {0, 0});
    acc.add(new int[] {1, 2});
    FactorStatistics s = acc.result();
    assertTrue(StatisticsPlots.text(s).contains("a x b: 4 / 6"), StatisticsPlots.text(s));
    List<Path> files = StatisticsPlots.write(s, dir);
    assertEquals(
        List.of(
            dir.resolve("coverage_a.png"),
            dir.resolve("coverage_b.png"),
            dir.resolve("cooccurrence_a__b.png")),
        files);
    for (Path f : files) {
      assertNotNull(ImageIO.read(f.toFile()), f + " is not a readable PNG");
    }
  }

  private static List<Object> values(String stem, int n) {
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(stem + "_" + i);
    }
    return out;
  }

  @Test
  void longNamesManyValuesAndZeroCellsStayReadable() throws Exception {
    FactorSpace space =
        new FactorSpace(
            "long",
            List.of(
                new FactorSpace.Factor(
                    "object_orientation_in_degrees", values("orientation_step_degrees", 12)),
                new FactorSpace.Factor(
                    "background_wall_hue_fraction", values("wall_hue_fraction_value", 10))));
    FactorStatistics.Accumulator acc = new FactorStatistics.Accumulator(space);
    for (int i = 0; i < 12; i++) {
      for (int j = 0; j < 10; j++) {
        if ((i + j) % 7 == 3) {
          continue; // never observed: hatched
        }
        int repeat = i == 0 && j == 0 ? 250_000 : 1 + i * j;
        for (int k = 0; k < repeat; k++) {
          acc.add(new int[] {i, j});
        }
      }
    }
    FactorStatistics s = acc.result();
    FactorStatistics.CoOccurrence pair = s.cooccurrence().get(0);
    assertTrue(pair.zeroCells() > 0);
    Charts.Rendered heat = StatisticsPlots.cooccurrence(s, pair);
    // 12 + 10 value labels, a title, the hatching note, colour-bar ticks, some counts
    assertTrue(heat.textBoxes().size() >= 12 + 10 + 2 + 2, "texts: " + heat.textBoxes().size());
    ChartsTest.assertReadable(heat, "inspect_cooccurrence_long");
    for (FactorStatistics.Coverage c : s.coverage()) {
      Charts.Rendered bars = StatisticsPlots.coverage(c);
      assertTrue(bars.textBoxes().size() >= c.values().size() + 1);
      ChartsTest.assertReadable(bars, "inspect_coverage_" + c.factor());
    }
    List<Path> files = StatisticsPlots.write(s, dir);
    assertTrue(
        files.contains(
            dir.resolve(
                "cooccurrence_object_orientation_in_degrees__background_wall_hue_fraction.png")),
        files.toString());
  }
}
