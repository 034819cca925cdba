package dev.candela.data.candle;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.candela.data.ConfoundingRules;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class CandleRulesTest {

  /** Size of the published CANDLE set (DESIGN.md §4). */
  private static final int PUBLISHED_COUNT = 12_546;

  private static int allowed(String variant) throws Exception {
    ConfoundingRules.Bound b =
        ConfoundingRules.forDataset("candle", variant).bind(CandleIds.space());
    int n = 0;
    for (int id = 0; id < CandleIds.GRID; id++) {
      if (b.allows(CandleIds.codes(id))) {
        n++;
      }
    }
    return n;
  }

  @Test
  void publishedVariantLeavesThePublishedCount() throws Exception {
    assertEquals(21_600, CandleIds.GRID);
    assertEquals(PUBLISHED_COUNT, allowed("published"));
    assertEquals(PUBLISHED_COUNT, allowed(null));
  }

  @Test
  void paperVariantDiffersFromPublished() throws Exception {
    // The paper variant applies rule 1 indoors only (so keeps more ids; 16,686 counted
    // independently with a Python enumeration) and also excludes orange cones on the bridge.
    ConfoundingRules.Bound paper =
        ConfoundingRules.forDataset("candle", "paper").bind(CandleIds.space());
    // bridge=3, left=0, cone=3, orange=4, size 2=1, rotation 0
    int[] orangeConeBridge = {3, 0, 3, 4, 1, 0};
    assertEquals(true, paper.excludes(orangeConeBridge));
    ConfoundingRules.Bound pub =
        ConfoundingRules.forDataset("candle", "published").bind(CandleIds.space());
    assertEquals(false, pub.excludes(orangeConeBridge));
    assertEquals(16_686, allowed("paper"));
  }

  @Test
  void classpathCopiesEqualTheRepositoryFiles() throws Exception {
    for (String r : new String[] {CandleIds.SPEC_RESOURCE, CandleIds.RULES_RESOURCE}) {
      Path repo = Path.of(r);
      byte[] cp;
      try (var in = getClass().getClassLoader().getResourceAsStream(r)) {
        cp = in.readAllBytes();
      }
      assertArrayEquals(Files.readAllBytes(repo), cp, r + " differs from its class-path copy");
    }
  }
}
