package dev.candela.cli.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.cli.Main;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/**
 * {@link FlagWords}: library messages that name settings in plain words come out with the flags,
 * other text stays, translating twice changes nothing, and every flag of the table is an option of
 * some command.
 */
class FlagWordsTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "epochs must be > 0, got 0|--epochs must be > 0, got 0",
        "learning rate must be a finite number > 0, got NaN|--lr must be a finite number > 0, got"
            + " NaN",
        "discriminator learning rate must be a finite number > 0, got 0.0|--discriminator-lr must"
            + " be a finite number > 0, got 0.0",
        "learning rate drop epoch must be >= 0, got -1|--lr-drop-epoch must be >= 0, got -1",
        "samples must be at least 10, got 5|--samples must be at least 10, got 5",
        "CG samples must be at least 1, got 0|--cg-samples must be at least 1, got 0",
        "metrics: none requested|--metrics names no metric",
        "batch size must be at most the 200 training images, got 256|--batch-size must be at most"
            + " the 200 training images, got 256",
        "out/vae: already holds a model or checkpoint; set resume to continue it or choose"
            + " another output folder|out/vae: already holds a model or checkpoint; pass --resume"
            + " to continue it or choose another --out",
        "out/vae: resume is set but there is no checkpoint to resume (no checkpoint/state.json);"
            + " unset resume to start a new run|out/vae: --resume given but there is no checkpoint"
            + " to resume (no checkpoint/state.json); drop --resume to start a new run",
        "m/clf: test count 16 differs from the 64 held-out images of init from, which stay the"
            + " held-out images|m/clf: --test-count 16 differs from the 64 held-out images of"
            + " --init-from, which stay the held-out images",
        "m/clf: init from is a conv classifier with head softmax, not architecture conv3 and"
            + " head sigmoid|m/clf: --init-from is a conv classifier with head softmax, not"
            + " --architecture conv3 and --head sigmoid",
        "train count must be >= 0 and test count >= 1, got -1, 0|--train-count must be >= 0 and"
            + " --test-count >= 1, got -1, 0",
        "beta-vae aligns one latent per varying factor: latent dimension 3 is smaller than the 5"
            + " factors|beta-vae aligns one latent per varying factor: --latent-dim 3 is smaller"
            + " than the 5 factors",
        "l.csv: rho must be in 1..3 (its latents), got 5|l.csv: --rho must be in 1..3 (its"
            + " latents), got 5",
        "device gpu: no GPU is visible; check nvidia-smi, or use device cpu|--device gpu: no GPU"
            + " is visible; check nvidia-smi, or use --device cpu",
        "intervals off (replicates 0): IRS has no standard error|intervals off (--replicates 0):"
            + " IRS has no standard error",
        "refits 0: DCI has no standard error|--refits 0: DCI has no standard error",
        "Blender not found: Blender path /x is not a program|Blender not found: --blender /x is not"
            + " a program",
        "SCM samples must be >= 2, SCM evidence >= 0 and SCM replicates >= 2, got 1, 0, 2|"
            + "--scm-samples must be >= 2, --scm-evidence >= 0 and --scm-replicates >= 2, got 1, 0,"
            + " 2",
      })
  void settingsBecomeFlags(String library, String cli) {
    assertEquals(cli, FlagWords.flags(library));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        // a common word at the start of other sentences stays
        "samples have 3 and 4 columns",
        "head width 0",
        "factors 3 and 4 differ",
        // a setting name inside a word or not at the start of a part stays
        "the learning rate schedule",
        "a.csv: some epochs must be re-run",
        "pretrain counts 3",
        "x.csv: 3 names for the 2 columns",
        // flags already there stay as they are
        "--epochs must be > 0, got 0",
        "--device gpu: --device gpu: no GPU",
      })
  void otherTextStays(String text) {
    assertEquals(text, FlagWords.flags(text));
  }

  @Test
  void nullStaysNull() {
    assertNull(FlagWords.flags(null));
  }

  @Test
  void translatingTwiceChangesNothing() {
    Stream.concat(FlagWords.LEADING.values().stream(), FlagWords.PHRASES.values().stream())
        .forEach(v -> assertEquals(v, FlagWords.flags(v), "a flag form is translated again"));
    Stream.concat(FlagWords.LEADING.keySet().stream(), FlagWords.PHRASES.keySet().stream())
        .forEach(
            k -> {
              String once = FlagWords.flags(k);
              assertEquals(once, FlagWords.flags(once), k);
            });
  }

  @Test
  void everyFlagIsAnOptionOfSomeCommand() {
    Set<String> options = new HashSet<>();
    collect(Main.commandLine(), options);
    Pattern flag = Pattern.compile("--[a-z][a-z-]*");
    Set<String> unknown = new TreeSet<>();
    for (Map<String, String> table : java.util.List.of(FlagWords.LEADING, FlagWords.PHRASES)) {
      for (String v : table.values()) {
        Matcher m = flag.matcher(v);
        while (m.find()) {
          if (!options.contains(m.group())) {
            unknown.add(m.group());
          }
        }
        assertTrue(flag.matcher(v).find(), "no flag in " + v);
      }
    }
    assertTrue(unknown.isEmpty(), "flags no command has: " + unknown);
  }

  private static void collect(CommandLine cl, Set<String> into) {
    cl.getCommandSpec().options().forEach(o -> into.addAll(java.util.List.of(o.names())));
    cl.getSubcommands().values().forEach(sub -> collect(sub, into));
  }
}
