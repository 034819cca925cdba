package dev.candela.synth;

import dev.candela.AtomicFiles;
import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.Setting;
import dev.candela.SettingChecks;
import dev.candela.data.ConfoundingRules;
import dev.candela.data.candle.CandleDataset;
import dev.candela.data.candle.CandleIds;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.LongConsumer;

/**
 * Writes a CANDLE-format folder with {@link CandleRenderer}: {@code {id}.png} then {@code
 * {id}.json} for every selected id that the confounding rules allow. Each file is written to a
 * temporary name and moved into place, the JSON after the PNG, so an interrupted run never leaves a
 * sample whose JSON exists without its complete PNG; ids whose PNG and JSON both exist are skipped
 * (resume). Output is byte-identical for the same seed and ids.
 */
public final class CandleGenerator {
  private final ConfoundingRules.Bound rules;
  private final CandleRenderer renderer;
  private final long seed;

  /**
   * A generator.
   *
   * @param rules the observed confounding (excluded ids are never written)
   * @param seed the seed of the per-sample random choices
   */
  public CandleGenerator(ConfoundingRules rules, long seed) {
    this.rules = rules.bind(CandleIds.space());
    this.renderer = new CandleRenderer(seed);
    this.seed = seed;
  }

  /**
   * What a run did.
   *
   * @param written samples written
   * @param skipped samples already present (resume)
   * @param selected ids selected after the rules
   */
  public record Summary(int written, int skipped, int selected) {}

  /**
   * The ids to generate: those in {@code [from, to]} that the rules allow; when {@code count} is
   * given and smaller, a seeded uniform subset of that many, in increasing order.
   *
   * @param from first id (inclusive)
   * @param to last id (inclusive)
   * @param count how many, or {@code null} for all
   * @return increasing ids
   * @throws IllegalArgumentException when the range or count is invalid
   */
  public int[] select(int from, int to, Integer count) {
    if (from < 0 || to >= CandleIds.GRID || from > to) {
      throw new IllegalArgumentException(
          "id range " + from + "-" + to + " not within 0-" + (CandleIds.GRID - 1));
    }
    SettingChecks.notNegative(count, Setting.COUNT);
    List<Integer> ok = new ArrayList<>();
    for (int id = from; id <= to; id++) {
      if (rules.allows(CandleIds.codes(id))) {
        ok.add(id);
      }
    }
    int[] all = ok.stream().mapToInt(Integer::intValue).toArray();
    if (count == null || count >= all.length) {
      return all;
    }
    return SeededSubset.draw(all, count, new SplittableRandom(seed));
  }

  /**
   * Writes the samples of some ids into a folder (created when absent).
   *
   * @param out the folder
   * @param ids ids to write; ids the rules exclude are rejected
   * @param progress told the number of ids done after each one, or {@code null}
   * @return the summary
   * @throws CandelaException when a file cannot be written
   */
  public Summary generate(Path out, int[] ids, LongConsumer progress) throws CandelaException {
    try {
      Files.createDirectories(out);
    } catch (IOException e) {
      throw new BadInputException(out + ": cannot create folder (" + e.getMessage() + ")", e);
    }
    int written = 0;
    int skipped = 0;
    long done = 0;
    for (int id : ids) {
      if (!rules.allows(CandleIds.codes(id))) {
        throw new IllegalArgumentException(
            "id " + id + " is excluded by rules '" + rules.rules().variant() + "'");
      }
      Path png = CandleDataset.pngOf(out, id);
      Path json = CandleDataset.jsonOf(out, id);
      if (Files.isRegularFile(png) && Files.isRegularFile(json)) {
        skipped++;
      } else {
        CandleRenderer.Sample s = renderer.render(id);
        atomicWrite(png, s.png());
        atomicWrite(json, s.metadata().toJsonString().getBytes(StandardCharsets.UTF_8));
        written++;
      }
      if (progress != null) {
        progress.accept(++done);
      }
    }
    return new Summary(written, skipped, ids.length);
  }

  private static void atomicWrite(Path target, byte[] bytes) throws CandelaException {
    try {
      AtomicFiles.writeBytes(target, bytes);
    } catch (IOException e) {
      throw new CandelaException(target + ": cannot write (" + e.getMessage() + ")", e);
    }
  }
}
