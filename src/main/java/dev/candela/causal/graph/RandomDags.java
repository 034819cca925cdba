package dev.candela.causal.graph;

import dev.candela.metrics.stats.Arrays2;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Random DAGs for benchmarks and property tests. */
public final class RandomDags {
  private RandomDags() {}

  /**
   * A random DAG: a random order of the nodes, each forward pair an edge with probability q
   * (geometric skips over the pairs, so sparse graphs cost O(p + edges)).
   *
   * @param p the number of nodes (named by {@link Dag#defaultNames})
   * @param q the edge probability
   * @param rng the random source
   * @return the DAG
   */
  public static Dag forwardEdges(int p, double q, SplittableRandom rng) {
    int[] perm = Arrays2.shuffled(p, rng);
    List<int[]> edges = new ArrayList<>();
    double logq = Math.log1p(-q);
    for (int a = 0; a < p; a++) {
      if (q >= 1) {
        for (int b = a + 1; b < p; b++) {
          edges.add(new int[] {perm[a], perm[b]});
        }
        continue;
      }
      // geometric skips over the forward pairs of a
      int b = a;
      while (true) {
        double u = rng.nextDouble();
        b += 1 + (int) Math.floor(Math.log1p(-u) / logq);
        if (b >= p || b < 0) {
          break;
        }
        edges.add(new int[] {perm[a], perm[b]});
      }
    }
    return Dag.fromEdges(Dag.defaultNames(p), edges.toArray(new int[0][]));
  }
}
