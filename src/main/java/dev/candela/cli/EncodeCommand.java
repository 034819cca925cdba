package dev.candela.cli;

import dev.candela.AtomicFiles;
import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.Progress;
import dev.candela.cli.options.DatasetOption;
import dev.candela.cli.options.DeviceOption;
import dev.candela.cli.options.OutFolderOption;
import dev.candela.cli.options.QuietOption;
import dev.candela.cli.options.SeedOption;
import dev.candela.data.FactorDataset;
import dev.candela.data.loading.DatasetPaths;
import dev.candela.evaluate.ModelMatch;
import dev.candela.evaluate.Sampling;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.LatentCsv;
import dev.candela.model.hosting.VaeModel;
import dev.candela.model.hosting.VaeModels;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code candela encode}: a dataset's encoder means and factor codes as the CSV pair that {@code
 * score-codes} and {@code causal fit-latent} read, and the encoder's log-variances beside them
 * ({@value LatentCsv#LOG_VAR_FILE}). The four files are written under temporary names and renamed
 * when every row is written, so an interrupted run leaves no file that a later {@code score-codes}
 * could mistake for a complete one.
 */
@Command(
    name = "encode",
    mixinStandardHelpOptions = true,
    description =
        "Encode dataset images with a VAE and write latents.csv (encoder means), factors.csv"
            + " (factor codes), index.csv (dataset indices) and logvar.npy (encoder"
            + " log-variances, float32), one row per sample.")
public final class EncodeCommand implements Callable<Integer> {
  @CommandLine.Spec private CommandLine.Model.CommandSpec spec;

  @Mixin DatasetOption datasetOption;

  @Option(names = "--model", required = true, description = "VAE model folder (with model.json).")
  Path model;

  @Option(
      names = "--samples",
      defaultValue = "10000",
      description =
          "Seeded random samples to encode, 0 for the whole dataset (default ${DEFAULT-VALUE}).")
  int samples;

  @Mixin SeedOption seed;

  @Option(
      names = "--batch-size",
      defaultValue = "256",
      description = "Images per encoder call (default ${DEFAULT-VALUE}).")
  int batchSize;

  @Mixin DeviceOption device;

  @Mixin QuietOption quiet;

  @Mixin OutFolderOption outFolder;

  /** Creates the command. */
  public EncodeCommand() {}

  @Override
  public Integer call() throws CandelaException {
    Path dataset = datasetOption.path();
    if (samples < 0 || batchSize < 1) {
      throw new BadInputException(
          "--samples must be >= 0 and --batch-size >= 1, got " + samples + " and " + batchSize);
    }
    ModelCard.requireFolder(model);
    Path out = outFolder.folder();
    ModelCard card = ModelCard.read(model);
    try (FactorDataset ds = DatasetPaths.open(dataset);
        VaeModel vae = VaeModels.load(model, device.device(), batchSize)) {
      ModelMatch.checkModelMatchesDataset(card, model, ds);
      long size = ds.size();
      if (samples > 0 && samples > size) {
        throw new BadInputException(
            dataset + ": --samples " + samples + " exceeds the dataset's " + size + " images");
      }
      if (size > Integer.MAX_VALUE) {
        throw new BadInputException(dataset + ": " + size + " images; pass --samples");
      }
      int n = samples == 0 ? (int) size : samples;
      long[] idx = samples == 0 ? null : Sampling.shuffled(size, n, seed.seed());
      Path latents = out.resolve("latents.csv");
      Path factors = out.resolve("factors.csv");
      Path index = out.resolve("index.csv");
      Path logVar = out.resolve(LatentCsv.LOG_VAR_FILE);
      boolean created = !Files.exists(out);
      boolean done = false;
      try (TrainingBar bar = new TrainingBar("encode", quiet.quiet());
          Progress.Task task = bar.task("encode", n)) {
        // index first and latents last: a kill between renames leaves no new latents.csv
        AtomicFiles.writeTogether(
            new Path[] {latents, logVar, factors, index},
            t ->
                LatentCsv.write(
                    ds, vae, model, n, idx, batchSize, t[0], t[2], t[3], t[1], task::stepTo));
        done = true;
      } finally {
        if (!done && created) {
          deleteIfEmpty(out);
        }
      }
      var err = spec.commandLine().getErr();
      err.printf("encoded %d images of %s with %s%n", n, dataset, model);
      spec.commandLine().getOut().println(latents + "\n" + factors + "\n" + index + "\n" + logVar);
      return 0;
    } catch (IOException e) {
      throw new CandelaException(out + ": cannot write (" + e.getMessage() + ")", e);
    }
  }

  /** Removes a folder this run created when the run failed before writing anything into it. */
  static void deleteIfEmpty(Path dir) {
    try (var s = Files.list(dir)) {
      if (s.findAny().isEmpty()) {
        Files.delete(dir);
      }
    } catch (IOException e) {
      // best effort: a folder that cannot be listed or removed stays
    }
  }
}
