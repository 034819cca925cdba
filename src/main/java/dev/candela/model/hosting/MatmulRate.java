package dev.candela.model.hosting;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;

/**
 * The engine's dense matrix-multiply rate on a device: the ceiling that {@code bench models} and
 * the counterfactual throughput compare networks with.
 */
public final class MatmulRate {
  private MatmulRate() {}

  /**
   * The engine's float32 matrix-multiply rate: repeated n × n products for about {@code seconds}.
   *
   * @param device the device
   * @param n the matrix side
   * @param seconds time budget
   * @return GFLOP/s (2·n³ floating-point operations per product)
   */
  public static double gflops(ComputeDevice device, int n, double seconds) {
    try (NDManager manager = VaeModels.newManager(device.djl())) {
      NDArray a = manager.randomUniform(0f, 1f, new Shape(n, n));
      NDArray b = manager.randomUniform(0f, 1f, new Shape(n, n));
      try (NDManager warm = manager.newSubManager()) {
        warm.tempAttachAll(a, b);
        a.matMul(b).toFloatArray();
      }
      long count = 0;
      long t0 = System.nanoTime();
      while (System.nanoTime() - t0 < seconds * 1e9 || count == 0) {
        try (NDManager sub = manager.newSubManager()) {
          sub.tempAttachAll(a, b);
          NDArray c = a.matMul(b);
          c.getFloat(0, 0); // forces completion on asynchronous devices
        }
        count++;
      }
      double s = (System.nanoTime() - t0) / 1e9;
      return 2.0 * n * n * (double) n * count / s / 1e9;
    }
  }
}
