package dev.candela.model.hosting;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * One reusable direct buffer through which a hosted network's input batches reach the engine:
 * {@code NDManager.create(float[], Shape)} allocates and zeroes a new direct buffer for every batch
 * and copies the array into it (after the caller's own copy of the batch's range); this copies the
 * range once into a buffer kept for the model's life. On the CPU the engine wraps the buffer
 * without copying ({@code torch::from_blob}), so an array made here must be closed (with the
 * batch's sub-manager) before the next {@link #create}; on a GPU it is copied to the device. The
 * values are the same floats either way. Not thread-safe (nor are the models that use it).
 */
final class InputBuffer {
  private ByteBuffer buffer;

  /**
   * An array of {@code shape} holding {@code x[from .. from + shape.size())}.
   *
   * @param manager the batch's sub-manager
   * @param x the source floats
   * @param from the first float
   * @param shape the array's shape
   * @return the array (valid until the next call)
   */
  NDArray create(NDManager manager, float[] x, int from, Shape shape) {
    int n = Math.toIntExact(shape.size());
    if (from < 0 || from + n > x.length) {
      throw new IllegalArgumentException(
          "batch of " + n + " floats from " + from + " exceeds the " + x.length + " given");
    }
    if (buffer == null || buffer.capacity() < n * Float.BYTES) {
      buffer = ByteBuffer.allocateDirect(n * Float.BYTES).order(ByteOrder.nativeOrder());
    }
    ByteBuffer b = buffer.duplicate().order(ByteOrder.nativeOrder());
    b.clear();
    b.limit(n * Float.BYTES);
    b.asFloatBuffer().put(x, from, n);
    return manager.create(b.slice().order(ByteOrder.nativeOrder()), shape, DataType.FLOAT32);
  }
}
