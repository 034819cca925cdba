package dev.candela.cli;

import dev.candela.cli.console.ConsoleBars;
import dev.candela.cli.console.ExitCodes;
import dev.candela.cli.options.OutFolderOption;
import dev.candela.cli.options.QuietOption;
import dev.candela.data.ConfoundingRules;
import dev.candela.synth.CandleGenerator;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code candela dataset generate candle}: a CANDLE-format folder drawn with OpenCV. */
@Command(
    name = "candle",
    description = {
      "Draw a CANDLE-format folder ({id}.png 320x240 + {id}.json) procedurally.",
      "Ids excluded by the confounding rules are skipped; existing complete samples are kept."
    })
public final class GenerateCandleCommand implements Callable<Integer> {
  @Mixin OutFolderOption out;

  @Option(names = "--count", description = "Number of ids (a seeded subset of the allowed ids).")
  Integer count;

  @Option(
      names = "--rules-file",
      description = "A rules JSON file instead of the built-in datasets/rules/candle.json.")
  Path rulesFile;

  @Mixin QuietOption quiet;

  @Mixin CandleSelectionOptions selection;

  /** Creates the command. */
  public GenerateCandleCommand() {}

  @Override
  public Integer call() throws Exception {
    if (count != null && count < 1) {
      throw new dev.candela.BadInputException("--count must be >= 1, got " + count);
    }
    ConfoundingRules r = selection.confoundingRules(rulesFile);
    CandleGenerator g = new CandleGenerator(r, selection.seed());
    int[] range = selection.range();
    int[] selected = g.select(range[0], range[1], count);
    CandleGenerator.Summary s;
    try (ProgressBar bar =
        quiet.quiet() ? null : ConsoleBars.onStderr("candle", selected.length, 0)) {
      s = g.generate(out.folder(), selected, bar == null ? null : bar::stepTo);
    }
    System.out.println(
        "candle: "
            + s.written()
            + " written, "
            + s.skipped()
            + " already present, "
            + s.selected()
            + " selected (rules '"
            + r.variant()
            + "', seed "
            + selection.seed()
            + ") in "
            + out.folder());
    return ExitCodes.OK;
  }
}
