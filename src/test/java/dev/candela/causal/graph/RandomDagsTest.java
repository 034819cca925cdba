package dev.candela.causal.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RandomDagsTest {
  @Test
  void edgeProbabilityOneIsTheCompleteDag() {
    Dag g = RandomDags.forwardEdges(7, 1.0, new SplittableRandom(1));
    assertEquals(7, g.size());
    assertEquals(21, g.edgeCount());
  }

  @Test
  void edgeCountFollowsTheProbability() {
    SplittableRandom r = new SplittableRandom(2);
    long edges = 0;
    for (int rep = 0; rep < 20; rep++) {
      edges += RandomDags.forwardEdges(40, 0.1, r).edgeCount();
    }
    double mean = edges / 20.0;
    // 780 forward pairs at q = 0.1: 78 expected edges
    assertTrue(mean > 65 && mean < 91, "mean edges " + mean);
  }
}
