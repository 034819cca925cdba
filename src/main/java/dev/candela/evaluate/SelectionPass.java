package dev.candela.evaluate;

import com.fasterxml.jackson.databind.JsonNode;
import dev.candela.AtomicFiles;
import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.data.FactorDataset;
import dev.candela.evaluate.cf.EarlierRun;
import dev.candela.metrics.Irs;
import dev.candela.metrics.IrsResult;
import dev.candela.metrics.LatentCodes;
import dev.candela.metrics.LatentStats;
import dev.candela.metrics.Uc;
import dev.candela.metrics.UcResult;
import dev.candela.metrics.UcSelection;
import dev.candela.model.CounterfactualModels;
import dev.candela.model.card.ModelCard;
import dev.candela.report.JsonReports;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The selection pass of the counterfactual job: encodes a seeded sample of at most {@value
 * #MAX_SAMPLES} images of the range, computes IRS and the UC sets Z_I, and the latent statistics
 * the baseline needs; records them in {@value #FILE} and the codes in {@value #CODES_FILE}, and
 * reuses both when the job is resumed with the same parameters.
 *
 * @param sets per classifier factor, the latent set Z_I (empty for single-valued factors)
 * @param stats the latent statistics of the selection sample
 * @param irs the IRS score of the selection sample
 * @param uc the UC score of the selection sample
 * @param samples how many samples the pass encoded
 * @param reused whether an earlier run's selection was reused
 * @param indices the samples' indices (increasing), or null when an earlier run left no codes file
 * @param rows the samples' codes ({@code rows[k]} of sample {@code indices[k]}), or null likewise
 */
public record SelectionPass(
    int[][] sets,
    LatentStats stats,
    double irs,
    double uc,
    int samples,
    boolean reused,
    long[] indices,
    float[][] rows) {

  /** The most images the selection pass (IRS, UC sets, baseline statistics) encodes. */
  public static final int MAX_SAMPLES = 5000;

  /** Name of the file recording the selection pass and its parameters. */
  public static final String FILE = "selection.json";

  /**
   * Name of the file with the selection pass's latent codes ({@code sample,z0,…}), reused by the
   * chunks so no sample is encoded twice, on the first run and on every resume.
   */
  public static final String CODES_FILE = "selection-codes.csv";

  /**
   * Runs the selection pass, or reads the earlier run's.
   *
   * @param s the job's settings
   * @param data the dataset
   * @param models the loaded models
   * @param map the classifier/dataset factor match
   * @param end the end of the sample range
   * @param listener progress and messages
   * @return the selection
   * @throws CandelaException when the earlier run's parameters differ, a file is malformed, or
   *     encoding fails
   */
  public static SelectionPass run(
      CounterfactualSettings s,
      FactorDataset data,
      CounterfactualModels models,
      ModelMatch.FactorMap map,
      int end,
      ProgressListener listener)
      throws CandelaException {
    UcSelection mode = s.ucSelection();
    Path out = s.out();
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("dataset", s.dataset().toAbsolutePath().normalize().toString());
    params.put("datasetSize", data.size());
    params.put("end", end);
    params.put("vaeWeights", models.vaeCard().weights());
    params.put("classifierWeights", models.classifierCard().weights());
    params.put("rho", s.rho());
    params.put("ucSelection", mode.name());
    params.put("seed", s.seed());
    params.put("maxSamples", MAX_SAMPLES);
    Path file = out.resolve(FILE);
    JsonNode want;
    try {
      // Through text, so numbers compare as they read back from the file (int vs long nodes).
      want = JsonReports.mapper().readTree(JsonReports.mapper().writeValueAsString(params));
    } catch (IOException e) {
      throw new CandelaException("cannot encode the selection parameters: " + e.getMessage(), e);
    }
    if (Files.isRegularFile(file)) {
      return reread(file, want, out, models.vaeCard().latentDim());
    }
    int m = Math.min(end, MAX_SAMPLES);
    long[] idx = Sampling.floyd(end, m, s.seed());
    int d = models.vaeCard().latentDim();
    double[][] z = new double[d][m];
    int[] sel = map.selectable();
    int[][] codes = new int[sel.length][m];
    float[][] rows = new float[m][];
    int batchSize = s.batchSize();
    try (ProgressListener.Task bar = listener.task("selection (encode)", m)) {
      for (int start = 0; start < m; start += batchSize) {
        int b = Math.min(batchSize, m - start);
        long[] part = Arrays.copyOfRange(idx, start, start + b);
        float[][] mu = models.encodeMeans(data.images(part), b);
        for (int i = 0; i < b; i++) {
          rows[start + i] = mu[i];
          for (int j = 0; j < d; j++) {
            z[j][start + i] = mu[i][j];
          }
          int[] c = data.codes(part[i]);
          for (int k = 0; k < sel.length; k++) {
            codes[k][start + i] = c[map.datasetIndex()[sel[k]]];
          }
        }
        bar.stepTo(start + (long) b);
      }
    }
    List<ModelCard.FactorInfo> cf = models.classifierFactors();
    List<String> factorNames = new ArrayList<>();
    for (int f : sel) {
      factorNames.add(cf.get(f).name());
    }
    IrsResult irs;
    UcResult uc;
    try {
      irs = Irs.compute(new LatentCodes(z, codes, latentNames(d), factorNames));
      uc = Uc.compute(irs, s.rho(), mode);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(
          "selection pass over " + m + " encoded samples: " + e.getMessage(), e);
    }
    int[][] sets = new int[cf.size()][];
    Arrays.fill(sets, new int[0]);
    for (int k = 0; k < sel.length; k++) {
      sets[sel[k]] = uc.sets()[k];
    }
    LatentStats stats = LatentStats.of(rows);
    Map<String, Object> record = new LinkedHashMap<>();
    record.put("parameters", want);
    record.put("samples", m);
    record.put("irs", irs.score());
    record.put("uc", uc.score());
    record.put("sets", sets);
    record.put("stats", stats);
    try {
      Files.createDirectories(out);
    } catch (IOException e) {
      throw new CandelaException(
          out + ": cannot create the output folder (" + e.getMessage() + ")");
    }
    writeCodes(out.resolve(CODES_FILE), idx, rows);
    JsonReports.writeValue(record, file);
    if (m < end) {
      listener.message(
          "Z_I and baseline statistics from a seeded sample of " + m + " of " + end + " samples");
    }
    return new SelectionPass(sets, stats, irs.score(), uc.score(), m, false, idx, rows);
  }

  /**
   * Latent names {@code z0..z(d-1)}.
   *
   * @param d the number of latents
   * @return the names
   */
  public static List<String> latentNames(int d) {
    List<String> names = new ArrayList<>();
    for (int j = 0; j < d; j++) {
      names.add("z" + j);
    }
    return names;
  }

  /** The earlier run's selection, when its parameters are this run's. */
  private static SelectionPass reread(Path file, JsonNode want, Path out, int latentDim)
      throws CandelaException {
    JsonNode have = EarlierRun.read(file);
    EarlierRun.requireSame(file, want, have.path("parameters"));
    try {
      int[][] sets = JsonReports.mapper().treeToValue(have.get("sets"), int[][].class);
      LatentStats stats = JsonReports.mapper().treeToValue(have.get("stats"), LatentStats.class);
      Path codesFile = out.resolve(CODES_FILE);
      long[] known = null;
      float[][] knownRows = null;
      if (Files.isRegularFile(codesFile)) {
        int m = have.path("samples").asInt();
        known = new long[m];
        knownRows = new float[m][];
        readCodes(codesFile, known, knownRows, latentDim);
      }
      return new SelectionPass(
          sets,
          stats,
          have.path("irs").asDouble(),
          have.path("uc").asDouble(),
          have.path("samples").asInt(),
          true,
          known,
          knownRows);
    } catch (IOException | IllegalArgumentException e) {
      throw new BadInputException(file + ": malformed (" + e.getMessage() + ")", e);
    }
  }

  /** Writes {@code sample,z0,…} rows; floats in Java's shortest round-trip form. */
  private static void writeCodes(Path file, long[] idx, float[][] rows) throws CandelaException {
    try {
      AtomicFiles.write(
          file,
          tmp -> {
            try (BufferedWriter w = Files.newBufferedWriter(tmp)) {
              int d = rows.length == 0 ? 0 : rows[0].length;
              StringBuilder sb = new StringBuilder("sample");
              for (int j = 0; j < d; j++) {
                sb.append(",z").append(j);
              }
              w.write(sb.append('\n').toString());
              for (int i = 0; i < idx.length; i++) {
                sb.setLength(0);
                sb.append(idx[i]);
                for (float v : rows[i]) {
                  sb.append(',').append(v);
                }
                w.write(sb.append('\n').toString());
              }
            }
          });
    } catch (IOException e) {
      throw new CandelaException(file + ": cannot write (" + e.getMessage() + ")", e);
    }
  }

  /** Reads {@link #writeCodes}'s file into {@code idx} and {@code rows} (pre-sized). */
  private static void readCodes(Path file, long[] idx, float[][] rows, int d)
      throws CandelaException {
    try (BufferedReader r = Files.newBufferedReader(file)) {
      r.readLine();
      for (int i = 0; i < idx.length; i++) {
        String line = r.readLine();
        String[] cells = line == null ? new String[0] : line.split(",", -1);
        if (cells.length != d + 1) {
          throw new BadInputException(
              file
                  + ": line "
                  + (i + 2)
                  + " has "
                  + cells.length
                  + " columns, expected sample and "
                  + d
                  + " latents ("
                  + idx.length
                  + " rows)");
        }
        try {
          idx[i] = Long.parseLong(cells[0]);
          rows[i] = new float[d];
          for (int j = 0; j < d; j++) {
            rows[i][j] = Float.parseFloat(cells[j + 1]);
          }
        } catch (NumberFormatException e) {
          throw new BadInputException(file + ": line " + (i + 2) + ": " + e.getMessage(), e);
        }
        if (i > 0 && idx[i] <= idx[i - 1]) {
          throw new BadInputException(
              file + ": line " + (i + 2) + ": sample " + idx[i] + " is not increasing");
        }
      }
    } catch (IOException e) {
      throw new CandelaException(file + ": cannot read (" + e.getMessage() + ")", e);
    }
  }
}
