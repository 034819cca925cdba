package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.TestDatasets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input to the model commands exits with 2 and one line naming the value. */
class TrainCommandTest {
  @TempDir Path tmp;

  /**
   * {@code candela train --objective O} with the given options, on the (empty) temporary folder as
   * dataset, writing to {@code o} in it.
   */
  private Object[] train(String objective, Object... options) {
    List<Object> args = new ArrayList<>(List.of("train", "--objective", objective));
    args.addAll(List.of(options));
    args.addAll(List.of("--dataset", tmp, "--out", tmp.resolve("o")));
    return args.toArray();
  }

  @Test
  void evalEveryWritesTheLogAndItsCurves() throws Exception {
    Path data = TestDatasets.dsprites(tmp.resolve("d.npz"), 300, 2);
    Path out = tmp.resolve("m");
    CliRun.ok(
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
        data,
        "--out",
        out,
        "--device",
        "cpu",
        "--quiet");
    java.util.List<String> log = Files.readAllLines(out.resolve("training-log.csv"));
    assertEquals("step,epoch,source,name,value", log.get(0));
    assertTrue(log.stream().anyMatch(l -> l.startsWith("2,1,heldout,mig,")), log.toString());
    // the curves drawn by report.TrainingCurves: a PNG with its signature
    byte[] png = Files.readAllBytes(out.resolve("training.png"));
    assertTrue(png.length > 1000 && png[1] == 'P' && png[2] == 'N' && png[3] == 'G');
  }

  @Test
  void unknownObjectiveIsAUserError() {
    CliRun r = CliRun.of(train("vae-gan"));
    r.assertBadInput("unknown objective 'vae-gan'");
  }

  @Test
  void missingDatasetIsAUserError() {
    CliRun r =
        CliRun.of(
            "train",
            "--objective",
            "beta-vae",
            "--dataset",
            tmp.resolve("none.npz"),
            "--out",
            tmp.resolve("o"),
            "--device",
            "cpu");
    r.assertBadInput("none.npz");
  }

  @Test
  void candleArchitectureRefusesA64x64Dataset() throws Exception {
    Path npz = TestDatasets.dsprites(tmp.resolve("d.npz"), 8, 3);
    CliRun r =
        CliRun.of(
            "train",
            "--objective",
            "beta-vae",
            "--architecture",
            "dl-conv-candle",
            "--dataset",
            npz,
            "--out",
            tmp.resolve("o"),
            "--device",
            "cpu",
            "--quiet");
    r.assertBadInput(
        "--architecture dl-conv-candle takes 240x320 images, but dataset", "has 1x64x64");
    assertFalse(Files.exists(tmp.resolve("o")), "nothing written");
  }

  @Test
  void unknownArchitectureIsAUserError() {
    CliRun r = CliRun.of(train("beta-vae", "--architecture", "resnet"));
    r.assertBadInput(
        "--architecture must be one of dl-conv64, dl-conv-candle, dl-conv64-upsample,"
            + " dl-conv-candle-upsample, fc-higgins, got resnet");
  }

  @Test
  void badDiscriminatorSizeIsAUserError() {
    CliRun r = CliRun.of(train("factor-vae", "--disc-layers", "0"));
    r.assertBadInput("--disc-layers must be in [1, 64], got 0");
    CliRun u = CliRun.of(train("factor-vae", "--disc-units", "-5"));
    u.assertBadInput("--disc-units must be in [1, 10000], got -5");
  }

  @Test
  void badClassifierHeadIsAUserError() {
    CliRun r =
        CliRun.of(
            "train-classifier", "--head", "relu", "--dataset", tmp, "--out", tmp.resolve("o"));
    r.assertBadInput("--head must be softmax or sigmoid, got relu");
  }

  @Test
  void badDeviceIsAUserError() {
    CliRun r = CliRun.of("bench", "models", "--device", "tpu");
    r.assertBadInput("'tpu'");
  }

  @Test
  void evaluateCheckpointsNeedsSnapshots() {
    CliRun r = CliRun.of("evaluate", "--model", tmp, "--checkpoints", "all", "--quiet");
    r.assertBadInput();
    assertEquals(
        "candela evaluate: "
            + tmp
            + ": no snapshots/ folder (train with --keep-checkpoints N|all to keep snapshots)",
        r.err().strip());
  }
}
