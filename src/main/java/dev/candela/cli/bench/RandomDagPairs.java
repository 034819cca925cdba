package dev.candela.cli.bench;

import dev.candela.causal.graph.Dag;
import dev.candela.causal.graph.RandomDags;
import java.util.SplittableRandom;
import picocli.CommandLine.Option;

/**
 * The random DAG pairs that {@code bench aid} and {@code bench sid} time (a picocli mixin for their
 * {@code --seed}). Random DAGs: a random order, each forward pair an edge independently with
 * probability q; truth and guess are drawn independently with the same q, all from one stream
 * seeded by {@code --seed}.
 */
final class RandomDagPairs {
  @Option(
      names = "--seed",
      description = "Random seed (default: ${DEFAULT-VALUE}).",
      defaultValue = "1")
  long seed;

  private SplittableRandom rng;

  /** Creates the option (picocli fills it). */
  RandomDagPairs() {}

  /** A truth and a guess over the same p nodes. */
  record Pair(Dag truth, Dag guess) {
    /** The edges of both graphs together. */
    long edges() {
      return (long) truth.edgeCount() + guess.edgeCount();
    }
  }

  /**
   * The edge probability of a density: x-sparse 1.5 / (p − 1) (0.75·p expected edges), sparse 20 /
   * (p − 1) (10·p), each at most 1, and dense 0.3 (0.3 · p(p − 1)/2).
   *
   * @param density {@code x-sparse}, {@code sparse} or {@code dense}
   * @param p the nodes
   * @return q
   */
  static double q(String density, int p) {
    return switch (density) {
      case "x-sparse" -> Math.min(1.0, 1.5 / (p - 1));
      case "sparse" -> Math.min(1.0, 20.0 / (p - 1));
      default -> 0.3;
    };
  }

  /**
   * The next pair of the seeded stream.
   *
   * @param p the nodes
   * @param q the edge probability
   * @return truth and guess, drawn in that order
   */
  Pair next(int p, double q) {
    if (rng == null) {
      rng = new SplittableRandom(seed);
    }
    return new Pair(RandomDags.forwardEdges(p, q, rng), RandomDags.forwardEdges(p, q, rng));
  }

  /**
   * Checks {@code --reps}.
   *
   * @param reps pairs per size
   * @throws IllegalArgumentException below 1
   */
  static void requireReps(int reps) {
    if (reps < 1) {
      throw new IllegalArgumentException("--reps must be >= 1, got " + reps);
    }
  }
}
