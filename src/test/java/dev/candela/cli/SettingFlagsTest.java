package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.candela.TestDatasets;
import dev.candela.cli.console.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The library's messages name settings in plain words; the command line's error line names the
 * flags ({@code cli.console.SettingFlags}, applied by {@code Main}). One case per kind of message:
 * a validation, a value inside a file's message, a hint mid-sentence.
 *
 * <p>In the arguments and the expected line {@code @T} stands for the fixture folder.
 */
class SettingFlagsTest {
  @TempDir static Path t;

  @BeforeAll
  static void fixtures() throws Exception {
    TestDatasets.dsprites(t.resolve("d.npz"), 300, 5);
    BadInputCorpusTest.writeCodeTables(t);
    Files.createDirectories(t.resolve("done"));
    Files.writeString(t.resolve("done/model.json"), "{}");
    Files.createDirectories(t.resolve("fresh"));
  }

  static Arguments c(String line, String... args) {
    return Arguments.of(line, args);
  }

  static Stream<Arguments> cases() {
    String[] train = {"train", "--dataset", "@T/d.npz", "--objective", "beta-vae", "--quiet"};
    String[] codes = {"score-codes", "--factors", "@T/f.csv", "--latents", "@T/l.csv"};
    return Stream.of(
        c(
            "candela train: --epochs must be > 0, got 0",
            cat(train, "--out", "@T/o1", "--epochs", "0")),
        c(
            "candela train: --lr must be a finite number > 0, got NaN",
            cat(train, "--out", "@T/o2", "--lr", "NaN")),
        c(
            "candela train: --label-fraction must be in (0, 1], got 2.0",
            cat(train, "--out", "@T/o3", "--label-fraction", "2")),
        c(
            "candela train-classifier: --lr-drop-factor must be in (0, 1], got 2.0",
            "train-classifier",
            "--dataset",
            "@T/d.npz",
            "--out",
            "@T/o4",
            "--lr-drop-factor",
            "2",
            "--quiet"),
        c(
            "candela train: @T/done: already holds a model or checkpoint; pass --resume to continue"
                + " it or choose another --out",
            cat(train, "--out", "@T/done", "--epochs", "1")),
        c(
            "candela train: @T/fresh: --resume given but there is no checkpoint to resume (no"
                + " checkpoint/state.json); drop --resume to start a new run",
            cat(train, "--out", "@T/fresh", "--epochs", "1", "--resume")),
        c(
            "candela train: --device must be auto, cpu, gpu or gpu:K, got 'tpu'",
            cat(train, "--out", "@T/o5", "--device", "tpu")),
        c(
            "candela score-codes: @T/l.csv: --rho must be in 1..3 (its latents), got 9",
            cat(codes, "--rho", "9")),
        c(
            "candela score-codes: --train-fraction must be in (0, 1), got 1.5",
            cat(codes, "--train-fraction", "1.5")),
        c(
            "candela score-codes: --replicates must be ≥ 0 and --refits even and ≥ 0, got 20 and 3",
            cat(codes, "--replicates", "20", "--refits", "3")),
        c(
            "candela evaluate: --irs-quantile must be in (0, 1] (0.99 as disentanglement_lib, 1 as"
                + " the paper), got 2.0",
            "evaluate",
            "--out",
            "@T/o6",
            "--irs-quantile",
            "2"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void theErrorLineNamesTheFlag(String line, String[] args) {
    String[] real =
        Arrays.stream(args).map(a -> a.replace("@T", t.toString())).toArray(String[]::new);
    CliRun r = CliRun.of(real);
    assertEquals(ExitCodes.BAD_INPUT, r.exit(), r.err());
    // the error is the last line (score-codes says what it read before it)
    String[] lines = r.err().strip().split("\n");
    assertEquals(line.replace("@T", t.toString()), lines[lines.length - 1]);
  }

  private static String[] cat(String[] a, String... b) {
    return Stream.concat(Arrays.stream(a), Arrays.stream(b)).toArray(String[]::new);
  }
}
