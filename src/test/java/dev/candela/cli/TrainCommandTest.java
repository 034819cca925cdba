package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input to the model commands exits with 2 and one line naming the value. */
class TrainCommandTest {
  @TempDir Path tmp;

  @Test
  void unknownObjectiveIsAUserError() {
    CliRun r =
        CliRun.of(
            "train",
            "--objective",
            "vae-gan",
            "--dataset",
            tmp.toString(),
            "--out",
            tmp.resolve("o").toString());
    assertEquals(Main.BAD_INPUT, r.exit());
    assertTrue(r.err().contains("unknown objective 'vae-gan'"), r.err());
  }

  @Test
  void missingDatasetIsAUserError() {
    CliRun r =
        CliRun.of(
            "train",
            "--objective",
            "beta-vae",
            "--dataset",
            tmp.resolve("none.npz").toString(),
            "--out",
            tmp.resolve("o").toString(),
            "--device",
            "cpu");
    assertEquals(Main.BAD_INPUT, r.exit());
    assertTrue(r.err().contains("none.npz"), r.err());
  }

  @Test
  void badClassifierHeadIsAUserError() {
    CliRun r =
        CliRun.of(
            "train-classifier",
            "--head",
            "relu",
            "--dataset",
            tmp.toString(),
            "--out",
            tmp.resolve("o").toString());
    assertEquals(Main.BAD_INPUT, r.exit());
    assertTrue(r.err().contains("--head must be softmax or sigmoid, got relu"), r.err());
  }

  @Test
  void badDeviceIsAUserError() {
    CliRun r = CliRun.of("bench", "models", "--device", "tpu");
    assertEquals(Main.BAD_INPUT, r.exit());
    assertTrue(r.err().contains("'tpu'"), r.err());
  }
}
