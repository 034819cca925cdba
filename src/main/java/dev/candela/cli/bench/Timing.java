package dev.candela.cli.bench;

import java.util.function.Supplier;

/** Wall-clock timing of the bench commands ({@link System#nanoTime()}, in seconds). */
final class Timing {
  private Timing() {}

  /**
   * A result and the wall time that computing it took.
   *
   * @param value the result
   * @param seconds the wall time
   * @param <T> the result's type
   */
  record Timed<T>(T value, double seconds) {}

  /**
   * The seconds since a {@link System#nanoTime()} reading.
   *
   * @param t0 the reading at the start
   * @return the seconds since then
   */
  static double secondsSince(long t0) {
    return (System.nanoTime() - t0) / 1e9;
  }

  /**
   * Runs some work and times it.
   *
   * @param work the work
   * @param <T> its result's type
   * @return the result and its wall time
   */
  static <T> Timed<T> time(Supplier<T> work) {
    long t0 = System.nanoTime();
    T value = work.get();
    return new Timed<>(value, secondsSince(t0));
  }
}
