package dev.candela.model.training;

/**
 * Where the time of VAE training steps goes, for {@code candela bench models}: wall time summed
 * over the timed steps, split into the forward pass with the loss terms, the backward pass, and the
 * optimiser (gradient reset and Adam update). Steps before {@code warmUp} are not counted. Not
 * thread-safe: one training run writes it.
 */
public final class StepTimes {
  private final int warmUp;
  private int seen;
  private int steps;
  private long forwardNanos;
  private long backwardNanos;
  private long optimizerNanos;

  /**
   * An empty accumulator.
   *
   * @param warmUp steps to skip before timing (≥ 0)
   */
  public StepTimes(int warmUp) {
    if (warmUp < 0) {
      throw new IllegalArgumentException("warm-up steps must be >= 0, got " + warmUp);
    }
    this.warmUp = warmUp;
  }

  /** Records one step's three phases (nanoseconds). */
  void add(long forward, long backward, long optimizer) {
    if (seen++ < warmUp) {
      return;
    }
    steps++;
    forwardNanos += forward;
    backwardNanos += backward;
    optimizerNanos += optimizer;
  }

  /**
   * Timed steps.
   *
   * @return steps counted
   */
  public int steps() {
    return steps;
  }

  /**
   * Mean forward time per step (forward pass, reconstruction and KL terms, the objective's loss).
   *
   * @return seconds
   */
  public double forwardSeconds() {
    return steps == 0 ? Double.NaN : forwardNanos / 1e9 / steps;
  }

  /**
   * Mean backward time per step.
   *
   * @return seconds
   */
  public double backwardSeconds() {
    return steps == 0 ? Double.NaN : backwardNanos / 1e9 / steps;
  }

  /**
   * Mean optimiser time per step (zeroing the gradients and the Adam update of every parameter).
   *
   * @return seconds
   */
  public double optimizerSeconds() {
    return steps == 0 ? Double.NaN : optimizerNanos / 1e9 / steps;
  }
}
