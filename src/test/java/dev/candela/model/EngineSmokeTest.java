package dev.candela.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import org.junit.jupiter.api.Test;

/** The offline DJL PyTorch engine loads from the pinned native jar and computes. */
class EngineSmokeTest {

  @Test
  void pytorchEngineCreatesAndMultipliesAnNdArrayOffline() {
    assertEquals("true", System.getProperty("ai.djl.offline"));
    Engine engine = Engine.getEngine("PyTorch");
    assertEquals("2.7.1", engine.getVersion());
    try (NDManager manager = NDManager.newBaseManager("PyTorch")) {
      NDArray a = manager.create(new float[] {1, 2, 3, 4}, new ai.djl.ndarray.types.Shape(2, 2));
      float[] product = a.matMul(a).toFloatArray();
      assertArrayEquals(new float[] {7, 10, 15, 22}, product, 0f);
    }
  }
}
