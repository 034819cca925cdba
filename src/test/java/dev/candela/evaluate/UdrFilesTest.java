package dev.candela.evaluate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.BadInputException;
import dev.candela.model.hosting.VaeModel;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UdrFilesTest {
  @TempDir Path tmp;

  @Test
  void encodingsOfTheSharedInputsComeBackBitForBit() throws Exception {
    long[] inputs = {3, 17, 40, 41, 99};
    SplittableRandom rng = new SplittableRandom(5);
    float[][] mean = new float[inputs.length][4];
    float[][] logVar = new float[inputs.length][4];
    for (int i = 0; i < inputs.length; i++) {
      for (int j = 0; j < 4; j++) {
        mean[i][j] = (float) rng.nextGaussian();
        logVar[i][j] = (float) (rng.nextGaussian() * 1e-3);
      }
    }
    UdrFiles.writeInputs(inputs, new VaeModel.Encoding(mean, logVar), tmp);
    VaeModel.Encoding back = UdrFiles.readInputs(tmp, inputs);
    for (int i = 0; i < inputs.length; i++) {
      assertArrayEquals(mean[i], back.mean()[i], "row " + i); // exact: no tolerance
      assertArrayEquals(logVar[i], back.logVar()[i], "row " + i);
    }
  }

  @Test
  void encodingsOfOtherInputsAreRefused() throws Exception {
    long[] inputs = {1, 2, 3};
    float[][] z = {{0f}, {1f}, {2f}};
    UdrFiles.writeInputs(inputs, new VaeModel.Encoding(z, z), tmp);
    BadInputException e =
        assertThrows(BadInputException.class, () -> UdrFiles.readInputs(tmp, new long[] {1, 2, 4}));
    assertTrue(e.getMessage().contains(UdrFiles.INPUTS), e.getMessage());
  }
}
