package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.synth.DSpritesGenerator;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input to the model commands exits with 2 and one line naming the value. */
class TrainCommandTest {
  @TempDir Path tmp;

  @Test
  void evalEveryWritesTheLogAndItsCurves() throws Exception {
    Path data = tmp.resolve("d.npz");
    DSpritesGenerator.write(data, DSpritesGenerator.chooseIndices(300, 2), k -> {});
    Path out = tmp.resolve("m");
    CliRun r =
        CliRun.of(
            "train",
            "--objective",
            "beta-vae",
            "--architecture",
            "fc-higgins",
            "--latent-dim",
            "4",
            "--epochs",
            "1",
            "--batch-size",
            "32",
            "--limit",
            "128",
            "--eval-every",
            "2",
            "--held-out",
            "100",
            "--dataset",
            data.toString(),
            "--out",
            out.toString(),
            "--device",
            "cpu",
            "--quiet");
    assertEquals(Main.OK, r.exit(), r.err());
    java.util.List<String> log = Files.readAllLines(out.resolve("training-log.csv"));
    assertEquals("step,epoch,source,name,value", log.get(0));
    assertTrue(log.stream().anyMatch(l -> l.startsWith("2,1,heldout,mig,")), log.toString());
    // the curves drawn by report.TrainingCurves: a PNG with its signature
    byte[] png = Files.readAllBytes(out.resolve("training.png"));
    assertTrue(png.length > 1000 && png[1] == 'P' && png[2] == 'N' && png[3] == 'G');
  }

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
  void candleArchitectureRefusesA64x64Dataset() throws Exception {
    Path npz = tmp.resolve("d.npz");
    DSpritesGenerator.write(npz, DSpritesGenerator.chooseIndices(8, 3), k -> {});
    CliRun r =
        CliRun.of(
            "train",
            "--objective",
            "beta-vae",
            "--architecture",
            "dl-conv-candle",
            "--dataset",
            npz.toString(),
            "--out",
            tmp.resolve("o").toString(),
            "--device",
            "cpu",
            "--quiet");
    assertEquals(Main.BAD_INPUT, r.exit());
    assertTrue(
        r.err().contains("--architecture dl-conv-candle takes 240x320 images, but dataset")
            && r.err().contains("has 1x64x64"),
        r.err());
    assertFalse(Files.exists(tmp.resolve("o")), "nothing written");
  }

  @Test
  void unknownArchitectureIsAUserError() {
    CliRun r =
        CliRun.of(
            "train",
            "--objective",
            "beta-vae",
            "--architecture",
            "resnet",
            "--dataset",
            tmp.toString(),
            "--out",
            tmp.resolve("o").toString());
    assertEquals(Main.BAD_INPUT, r.exit());
    assertTrue(
        r.err()
            .contains(
                "--architecture must be one of dl-conv64, dl-conv-candle, dl-conv64-upsample,"
                    + " dl-conv-candle-upsample, fc-higgins, got resnet"),
        r.err());
  }

  @Test
  void badDiscriminatorSizeIsAUserError() {
    CliRun r =
        CliRun.of(
            "train",
            "--objective",
            "factor-vae",
            "--disc-layers",
            "0",
            "--dataset",
            tmp.toString(),
            "--out",
            tmp.resolve("o").toString());
    assertEquals(Main.BAD_INPUT, r.exit());
    assertTrue(r.err().contains("--disc-layers must be in [1, 64], got 0"), r.err());
    CliRun u =
        CliRun.of(
            "train",
            "--objective",
            "factor-vae",
            "--disc-units",
            "-5",
            "--dataset",
            tmp.toString(),
            "--out",
            tmp.resolve("o").toString());
    assertEquals(Main.BAD_INPUT, u.exit());
    assertTrue(u.err().contains("--disc-units must be in [1, 10000], got -5"), u.err());
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

  @Test
  void evaluateCheckpointsNeedsSnapshots() {
    CliRun r = CliRun.of("evaluate", "--model", tmp.toString(), "--checkpoints", "all", "--quiet");
    assertEquals(Main.BAD_INPUT, r.exit());
    assertEquals(
        "candela evaluate: "
            + tmp
            + ": no snapshots/ folder (train with --keep-checkpoints N|all to keep snapshots)",
        r.err().strip());
  }
}
