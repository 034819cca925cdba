package dev.candela.cli;

import dev.candela.data.ConfoundingRules;
import dev.candela.data.candle.CandleIds;
import dev.candela.synth.CandleGenerator;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code candela dataset generate candle}: a CANDLE-format folder drawn with OpenCV. */
@Command(
    name = "candle",
    mixinStandardHelpOptions = true,
    description = {
      "Draw a CANDLE-format folder ({id}.png 320x240 + {id}.json) procedurally.",
      "Ids excluded by the confounding rules are skipped; existing complete samples are kept."
    })
public final class GenerateCandleCommand implements Callable<Integer> {
  @Option(names = "--out", required = true, description = "Output folder.")
  Path out;

  @Option(names = "--count", description = "Number of ids (a seeded subset of the allowed ids).")
  Integer count;

  @Option(names = "--ids", description = "Id range a-b (inclusive), or a single id.")
  String ids;

  @Option(names = "--seed", defaultValue = "0", description = "Seed (default ${DEFAULT-VALUE}).")
  long seed;

  @Option(
      names = "--rules",
      defaultValue = "published",
      description = "Rules variant: published|paper (default ${DEFAULT-VALUE}).")
  String rules;

  @Option(
      names = "--rules-file",
      description = "A rules JSON file instead of the built-in datasets/rules/candle.json.")
  Path rulesFile;

  @Option(names = "--quiet", description = "No progress bar.")
  boolean quiet;

  /** Creates the command. */
  public GenerateCandleCommand() {}

  @Override
  public Integer call() throws Exception {
    ConfoundingRules r =
        ConfoundingRules.forDataset(rulesFile == null ? "candle" : rulesFile.toString(), rules);
    CandleGenerator g = new CandleGenerator(r, seed);
    int from = 0;
    int to = CandleIds.GRID - 1;
    if (ids != null) {
      String[] parts = ids.split("-", -1);
      try {
        from = Integer.parseInt(parts[0].trim());
        to = parts.length > 1 ? Integer.parseInt(parts[1].trim()) : from;
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("--ids must be a-b or a single id, got '" + ids + "'");
      }
      if (parts.length > 2) {
        throw new IllegalArgumentException("--ids must be a-b or a single id, got '" + ids + "'");
      }
    }
    int[] selected = g.select(from, to, count);
    CandleGenerator.Summary s = g.generate(out, selected, quiet ? null : System.err);
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
            + seed
            + ") in "
            + out);
    return Main.OK;
  }
}
