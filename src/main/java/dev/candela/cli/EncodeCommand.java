package dev.candela.cli;

import dev.candela.AtomicFiles;
import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.data.DatasetPaths;
import dev.candela.data.FactorDataset;
import dev.candela.evaluate.Evaluation;
import dev.candela.model.Devices;
import dev.candela.model.ModelCard;
import dev.candela.model.VaeModel;
import dev.candela.model.VaeModels;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code candela encode}: a dataset's encoder means and factor codes as the CSV pair that {@code
 * score-codes} and {@code causal fit-latent} read. The three files are written under temporary
 * names and renamed when every row is written, so an interrupted run leaves no file that a later
 * {@code score-codes} could mistake for a complete one.
 */
@Command(
    name = "encode",
    mixinStandardHelpOptions = true,
    description =
        "Encode dataset images with a VAE and write latents.csv (encoder means), factors.csv"
            + " (factor codes) and index.csv (dataset indices), one row per sample.")
public final class EncodeCommand implements Callable<Integer> {
  @CommandLine.Spec private CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--dataset",
      required = true,
      description = "Dataset: .npz (dSprites/MPI3D), .h5 (3dshapes), a CANDLE or factor folder.")
  Path dataset;

  @Option(names = "--model", required = true, description = "VAE model folder (with model.json).")
  Path model;

  @Option(
      names = "--samples",
      defaultValue = "10000",
      description =
          "Seeded random samples to encode, 0 for the whole dataset (default ${DEFAULT-VALUE}).")
  int samples;

  @Option(
      names = "--seed",
      defaultValue = "0",
      description = "Sample seed (default ${DEFAULT-VALUE}).")
  long seed;

  @Option(
      names = "--batch-size",
      defaultValue = "256",
      description = "Images per encoder call (default ${DEFAULT-VALUE}).")
  int batchSize;

  @Option(
      names = "--device",
      defaultValue = "auto",
      description = "auto, cpu, gpu or gpu:N (default ${DEFAULT-VALUE}).")
  String device;

  @Option(names = "--quiet", description = "No progress bar.")
  boolean quiet;

  @Option(names = "--out", required = true, description = "Output folder.")
  Path out;

  /** Creates the command. */
  public EncodeCommand() {}

  @Override
  public Integer call() throws CandelaException {
    if (samples < 0 || batchSize < 1) {
      throw new BadInputException(
          "--samples must be >= 0 and --batch-size >= 1, got " + samples + " and " + batchSize);
    }
    if (!Files.isRegularFile(model.resolve(ModelCard.FILE))) {
      throw new BadInputException(model + ": not a model folder (no " + ModelCard.FILE + ")");
    }
    ModelCard card = ModelCard.read(model);
    try (FactorDataset ds = DatasetPaths.open(dataset);
        VaeModel vae = VaeModels.load(model, Devices.parse(device), batchSize)) {
      Evaluation.checkModelMatchesDataset(card, model, ds);
      long size = ds.size();
      if (samples > 0 && samples > size) {
        throw new BadInputException(
            dataset + ": --samples " + samples + " exceeds the dataset's " + size + " images");
      }
      if (size > Integer.MAX_VALUE) {
        throw new BadInputException(dataset + ": " + size + " images; pass --samples");
      }
      int n = samples == 0 ? (int) size : samples;
      long[] idx = samples == 0 ? null : Evaluation.sampleIndices(size, n, seed);
      Path latents = out.resolve("latents.csv");
      Path factors = out.resolve("factors.csv");
      Path index = out.resolve("index.csv");
      Path[] finals = {latents, factors, index};
      Path[] tmps = new Path[finals.length];
      boolean created = !Files.exists(out);
      boolean done = false;
      try {
        for (int k = 0; k < finals.length; k++) {
          tmps[k] = AtomicFiles.newTemp(finals[k]);
        }
        encodeTo(ds, vae, n, idx, tmps[0], tmps[1], tmps[2]);
        // index first and latents last: a kill between renames leaves no new latents.csv
        for (int k = finals.length - 1; k >= 0; k--) {
          AtomicFiles.commit(tmps[k], finals[k]);
        }
        done = true;
      } finally {
        if (!done) {
          for (Path t : tmps) {
            if (t != null) {
              Files.deleteIfExists(t);
            }
          }
          if (created) {
            deleteIfEmpty(out);
          }
        }
      }
      var err = spec.commandLine().getErr();
      err.printf("encoded %d images of %s with %s%n", n, dataset, model);
      spec.commandLine().getOut().println(latents + "\n" + factors + "\n" + index);
      return 0;
    } catch (IOException e) {
      throw new CandelaException(out + ": cannot write (" + e.getMessage() + ")", e);
    }
  }

  private void encodeTo(
      FactorDataset ds, VaeModel vae, int n, long[] idx, Path latents, Path factors, Path index)
      throws IOException, CandelaException {
    try (BufferedWriter zl = Files.newBufferedWriter(latents);
        BufferedWriter fl = Files.newBufferedWriter(factors);
        BufferedWriter il = Files.newBufferedWriter(index);
        Progress bar = new Progress("encode", quiet)) {
      fl.write(String.join(",", ds.space().names()));
      fl.newLine();
      il.write("index");
      il.newLine();
      boolean header = false;
      for (int a = 0; a < n; a += batchSize) {
        int e = Math.min(n, a + batchSize);
        long[] part = new long[e - a];
        for (int i = 0; i < part.length; i++) {
          part[i] = idx == null ? a + i : idx[a + i];
        }
        float[][] z = vae.encodeMeans(ds.images(part), part.length);
        if (!header) {
          StringBuilder h = new StringBuilder();
          for (int j = 0; j < z[0].length; j++) {
            h.append(j == 0 ? "" : ",").append('z').append(j);
          }
          zl.write(h.toString());
          zl.newLine();
          header = true;
        }
        for (int i = 0; i < part.length; i++) {
          for (int j = 0; j < z[i].length; j++) {
            if (!Float.isFinite(z[i][j])) {
              throw new CandelaException(
                  model
                      + ": encoder mean z"
                      + j
                      + " is "
                      + z[i][j]
                      + " for dataset index "
                      + part[i]);
            }
          }
          zl.write(row(z[i]));
          zl.newLine();
          fl.write(row(ds.codes(part[i])));
          fl.newLine();
          il.write(Long.toString(part[i]));
          il.newLine();
        }
        zl.flush();
        fl.flush();
        il.flush();
        bar.step(e, n, Map.of());
      }
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

  private static String row(float[] z) {
    StringBuilder sb = new StringBuilder();
    for (int j = 0; j < z.length; j++) {
      sb.append(j == 0 ? "" : ",").append(z[j]);
    }
    return sb.toString();
  }

  private static String row(int[] c) {
    return String.join(",", Arrays.stream(c).mapToObj(Integer::toString).toList());
  }
}
