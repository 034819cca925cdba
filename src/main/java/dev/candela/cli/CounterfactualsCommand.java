package dev.candela.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.Provenance;
import dev.candela.data.DatasetPaths;
import dev.candela.data.FactorDataset;
import dev.candela.evaluate.Evaluation;
import dev.candela.evaluate.ModelFitness;
import dev.candela.metrics.CgBaseline;
import dev.candela.metrics.CgOptions;
import dev.candela.metrics.CgSummary;
import dev.candela.metrics.Irs;
import dev.candela.metrics.IrsResult;
import dev.candela.metrics.LatentCodes;
import dev.candela.metrics.LatentStats;
import dev.candela.metrics.Uc;
import dev.candela.metrics.UcResult;
import dev.candela.metrics.UcSelection;
import dev.candela.metrics.cf.CfChunk;
import dev.candela.metrics.cf.ChunkSource;
import dev.candela.metrics.cf.CounterfactualJob;
import dev.candela.model.CounterfactualModels;
import dev.candela.model.Devices;
import dev.candela.model.ModelCard;
import dev.candela.model.VaeModels;
import dev.candela.report.JsonReports;
import dev.candela.report.TextTable;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code candela counterfactuals}: the resumable counterfactual batch job over a dataset with a
 * hosted VAE and factor classifier. A selection pass encodes a seeded sample of at most {@value
 * #SELECTION_SAMPLES} images of the range (all of it when smaller), computes IRS and the UC sets
 * Z_I, and the latent statistics the baseline needs; then {@link CounterfactualJob} runs over the
 * range in chunks, encoding each chunk's images in batches.
 */
@Command(
    name = "counterfactuals",
    mixinStandardHelpOptions = true,
    description =
        "Counterfactual generativeness over a dataset: per-sample ICE terms in chunk CSVs"
            + " (resumable), counterfactual grids per factor and a summary.")
public final class CounterfactualsCommand implements Callable<Integer> {

  /** The most images the selection pass (IRS, UC sets, baseline statistics) encodes. */
  public static final int SELECTION_SAMPLES = 5000;

  /** Name of the file recording the selection pass and its parameters. */
  public static final String SELECTION = "selection.json";

  /**
   * Name of the file with the selection pass's latent codes ({@code sample,z0,…}), reused by the
   * chunks so no sample is encoded twice, on the first run and on every resume.
   */
  public static final String SELECTION_CODES = "selection-codes.csv";

  /** Told after every chunk, with the loaded models (the memory benchmark samples here). */
  @FunctionalInterface
  interface ChunkObserver {
    /**
     * A chunk is done.
     *
     * @param models the loaded models
     * @param chunk the chunk index
     * @param total the number of chunks
     * @param samplesDone samples of the range finished so far
     */
    void chunkDone(CounterfactualModels models, int chunk, int total, int samplesDone);
  }

  /** Set by {@code bench cg-memory}; null otherwise. */
  ChunkObserver observer;

  @Option(names = "--dataset", required = true, description = "Dataset (npz, h5 or folder).")
  Path dataset;

  @Option(names = "--model", required = true, description = "VAE model directory.")
  Path model;

  @Option(names = "--classifier", required = true, description = "Classifier model directory.")
  Path classifier;

  @Option(names = "--out", required = true, description = "Output folder (resumable).")
  Path out;

  @Option(names = "--rho", description = "Latents per factor in Z_I (default ${DEFAULT-VALUE}).")
  int rho = 1;

  @Option(
      names = "--uc-selection",
      description = "topk (the paper) or fork (authors' code) (default ${DEFAULT-VALUE}).")
  String ucSelection = "topk";

  @Option(
      names = "--cg-baseline",
      description = "max-deviation, mean or zero (default ${DEFAULT-VALUE}).")
  String cgBaseline = "max-deviation";

  @Option(names = "--chunk-size", description = "Samples per chunk (default ${DEFAULT-VALUE}).")
  int chunkSize = 1000;

  @Option(names = "--limit", description = "At most this many samples (default: all).")
  Integer limit;

  @Option(
      names = "--factors",
      split = ",",
      description = "Evaluate only these factors (names; default all with more than one value).")
  List<String> factors;

  @Option(
      names = "--batch-size",
      description = "Images per engine call (default ${DEFAULT-VALUE}).")
  int batchSize = 256;

  @Option(names = "--device", description = "auto, cpu, gpu or gpu:K (default ${DEFAULT-VALUE}).")
  String device = "auto";

  @Option(
      names = "--seed",
      description = "Seed of the selection sample (default ${DEFAULT-VALUE}).")
  long seed = 0;

  @Option(
      names = "--grid-samples",
      description = "Samples per counterfactual grid, 0 = none (default ${DEFAULT-VALUE}).")
  int gridSamples = 8;

  @Option(names = "--quiet", description = "No progress bar.")
  boolean quiet;

  @Option(
      names = "--encode-all",
      hidden = true,
      description =
          "Encode every chunk sample even when the selection pass has its code (for checks).")
  boolean encodeAll;

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  /** Creates the command. */
  public CounterfactualsCommand() {}

  @Override
  public Integer call() throws CandelaException {
    checkOptions();
    UcSelection selection = parseSelection(ucSelection);
    CgBaseline baseline = parseBaseline(cgBaseline);
    PrintWriter err = spec.commandLine().getErr();
    if (!Files.isDirectory(model)) {
      throw new BadInputException(model + ": no such model directory (--model)");
    }
    if (!Files.isDirectory(classifier)) {
      throw new BadInputException(classifier + ": no such model directory (--classifier)");
    }
    try (FactorDataset data = DatasetPaths.open(dataset);
        CounterfactualModels models =
            CounterfactualModels.load(model, classifier, Devices.parse(device), batchSize)) {
      FactorMap map = matchFactors(data, models, err);
      long n = data.size();
      if (n > Integer.MAX_VALUE) {
        throw new BadInputException(dataset + ": " + n + " samples is more than this job handles");
      }
      int end = (int) (limit == null ? n : Math.min(n, limit));
      checkImageShape(data, models);
      List<String> fitness = fitnessWarnings(data, models, map, end);
      Selection sel = selection(data, models, map, end, selection, err);
      EncodingSource source =
          new EncodingSource(
              data, models, map, 0, gridSamples, encodeAll ? null : sel.indices, sel.rows);
      List<String> names =
          models.classifierFactors().stream().map(ModelCard.FactorInfo::name).toList();
      CgOptions cg =
          CgOptions.builder()
              .setSets(sel.sets)
              .optFactorNames(names)
              .optFactors(map.evaluated)
              .optBaseline(baseline)
              .optMaxBatch(batchSize)
              .build();
      CounterfactualJob.Options o =
          CounterfactualJob.Options.builder()
              .setDir(out)
              .setRange(0, end)
              .setCg(cg)
              .optChunkSize(chunkSize)
              .optStats(sel.stats)
              .optGridSamples(gridSamples)
              .optProvenance(provenance(data, models, end, sel))
              .build();
      CounterfactualJob.Result res;
      try (ProgressBar bar = bar("counterfactuals", o.numChunks())) {
        res =
            CounterfactualJob.run(
                o,
                source,
                models.decoder(),
                models.probabilities(),
                (k, total, skipped) -> {
                  if (bar != null) {
                    bar.stepTo(k + 1L);
                  }
                  if (observer != null) {
                    observer.chunkDone(
                        models, k, total, (int) Math.min(end, (k + 1L) * o.chunkSize()));
                  }
                });
      }
      printSummary(res, sel, o, source);
      PrintWriter pw = spec.commandLine().getOut();
      fitness.forEach(w -> pw.println("warning: " + w));
      pw.flush();
      return Main.OK;
    }
  }

  /**
   * The model-fitness checks of {@code evaluate} ({@link ModelFitness}) on the first samples of the
   * range: written to {@code OUT/fitness.json} before the job starts, returned as warnings.
   */
  private List<String> fitnessWarnings(
      FactorDataset data, CounterfactualModels models, FactorMap map, int end)
      throws CandelaException {
    long[] idx = Evaluation.sampleIndices(end, Math.min(end, ModelFitness.CHECK_IMAGES), seed);
    ModelFitness.VaeCheck v =
        ModelFitness.vae(
            models.vae(),
            model,
            data,
            idx,
            (images, m) -> Evaluation.inDecoderShape(data, images, m, models.decoder()));
    List<String> evaluated = new ArrayList<>();
    for (int f : map.evaluated) {
      evaluated.add(models.classifierFactors().get(f).name());
    }
    ModelFitness.ClassifierCheck c =
        ModelFitness.classifier(
            models.classifier(), classifier, data, idx, models.vae(), batchSize, evaluated);
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("vae", v);
    doc.put("classifier", c);
    List<String> warnings = new ArrayList<>(v.warnings());
    warnings.addAll(c.warnings());
    doc.put("warnings", warnings);
    try {
      Files.createDirectories(out);
    } catch (java.io.IOException e) {
      throw new CandelaException(out + ": cannot create (" + e.getMessage() + ")", e);
    }
    JsonReports.writeValue(doc, out.resolve("fitness.json"));
    return warnings;
  }

  /** What produced the summary: inputs' checksums, seed, every option, versions, device. */
  private Provenance provenance(
      FactorDataset data, CounterfactualModels models, int end, Selection sel)
      throws CandelaException {
    Map<String, String> inputs = new java.util.TreeMap<>();
    inputs.put("model:" + model, String.join(",", models.vaeCard().weights().values()));
    inputs.put(
        "classifier:" + classifier, String.join(",", models.classifierCard().weights().values()));
    inputs.put("dataset:" + dataset, data.fingerprint());
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("dataset", dataset.toString());
    params.put("model", model.toString());
    params.put("classifier", classifier.toString());
    params.put("out", out.toString());
    params.put("rho", rho);
    params.put("ucSelection", ucSelection);
    params.put("cgBaseline", cgBaseline);
    params.put("chunkSize", chunkSize);
    params.put("limit", limit);
    params.put("factors", factors);
    params.put("batchSize", batchSize);
    params.put("device", device);
    params.put("seed", seed);
    params.put("gridSamples", gridSamples);
    params.put("samplesUsed", end);
    params.put("selectionSamples", sel.samples);
    Object trained =
        models.vaeCard().training() == null
            ? null
            : models.vaeCard().training().get("datasetFingerprint");
    if (trained != null) {
      params.put("modelTrainingDatasetFingerprint", trained);
    }
    Map<String, String> versions = new LinkedHashMap<>(Provenance.softwareVersions());
    versions.put("engine", VaeModels.ENGINE);
    return new Provenance(inputs, seed, params, versions, models.deviceName(), Provenance.nowIso());
  }

  private void checkOptions() {
    if (rho < 1) {
      throw new IllegalArgumentException("--rho must be at least 1, got " + rho);
    }
    if (chunkSize < 1) {
      throw new IllegalArgumentException("--chunk-size must be at least 1, got " + chunkSize);
    }
    if (batchSize < 1) {
      throw new IllegalArgumentException("--batch-size must be at least 1, got " + batchSize);
    }
    if (limit != null && limit < 1) {
      throw new IllegalArgumentException("--limit must be at least 1, got " + limit);
    }
    if (gridSamples < 0) {
      throw new IllegalArgumentException("--grid-samples must be >= 0, got " + gridSamples);
    }
  }

  static UcSelection parseSelection(String s) {
    return switch (s.toLowerCase(Locale.ROOT)) {
      case "topk" -> UcSelection.TOPK;
      case "fork" -> UcSelection.FORK;
      default ->
          throw new IllegalArgumentException(
              "--uc-selection must be topk or fork, got '" + s + "'");
    };
  }

  static CgBaseline parseBaseline(String s) {
    return switch (s.toLowerCase(Locale.ROOT)) {
      case "max-deviation" -> CgBaseline.MAX_DEVIATION;
      case "mean" -> CgBaseline.MEAN;
      case "zero" -> CgBaseline.ZERO;
      default ->
          throw new IllegalArgumentException(
              "--cg-baseline must be max-deviation, mean or zero, got '" + s + "'");
    };
  }

  private ProgressBar bar(String task, long max) {
    if (quiet) {
      return null;
    }
    return new ProgressBarBuilder()
        .setTaskName(task)
        .setInitialMax(max)
        .setConsumer(new ConsoleProgressBarConsumer(System.err))
        .setUpdateIntervalMillis(500)
        .build();
  }

  /**
   * The classifier's factors matched to the dataset's by name.
   *
   * @param datasetIndex per classifier factor, the dataset factor index
   * @param evaluated the classifier factor indices CG evaluates (increasing)
   * @param selectable the classifier factor indices with more than one value (IRS/UC columns)
   */
  record FactorMap(int[] datasetIndex, int[] evaluated, int[] selectable) {}

  private FactorMap matchFactors(FactorDataset data, CounterfactualModels models, PrintWriter err)
      throws BadInputException {
    List<ModelCard.FactorInfo> cf = models.classifierFactors();
    List<String> dataNames = data.space().names();
    List<String> clfNames = cf.stream().map(ModelCard.FactorInfo::name).toList();
    if (!new TreeSet<>(dataNames).equals(new TreeSet<>(clfNames))) {
      throw new BadInputException(
          classifier.resolve(ModelCard.FILE)
              + ": classifier factors "
              + clfNames
              + " do not match the dataset's "
              + dataNames
              + " ("
              + dataset
              + ")");
    }
    int[] index = new int[cf.size()];
    List<Integer> selectable = new ArrayList<>();
    for (int f = 0; f < cf.size(); f++) {
      index[f] = dataNames.indexOf(cf.get(f).name());
      int dataSize = data.space().factors().get(index[f]).size();
      if (dataSize != cf.get(f).size()) {
        throw new BadInputException(
            classifier.resolve(ModelCard.FILE)
                + ": factor "
                + cf.get(f).name()
                + " has "
                + cf.get(f).size()
                + " values, the dataset's has "
                + dataSize);
      }
      if (cf.get(f).size() > 1) {
        selectable.add(f);
      }
    }
    List<Integer> evaluated = new ArrayList<>();
    if (factors == null || factors.isEmpty()) {
      for (int f = 0; f < cf.size(); f++) {
        if (cf.get(f).size() > 1) {
          evaluated.add(f);
        } else {
          err.println(
              "candela counterfactuals: warning: skipping factor '"
                  + cf.get(f).name()
                  + "': it has a single value");
        }
      }
    } else {
      TreeSet<Integer> chosen = new TreeSet<>();
      for (String name : factors) {
        int f = clfNames.indexOf(name.trim());
        if (f < 0) {
          throw new BadInputException(
              "--factors: unknown factor '" + name.trim() + "' (factors: " + clfNames + ")");
        }
        if (cf.get(f).size() <= 1) {
          err.println(
              "candela counterfactuals: warning: skipping factor '"
                  + name.trim()
                  + "': it has a single value");
        } else {
          chosen.add(f);
        }
      }
      evaluated.addAll(chosen);
    }
    if (evaluated.isEmpty()) {
      throw new BadInputException("no factor with more than one value to evaluate");
    }
    if (selectable.size() < 2) {
      throw new BadInputException(
          "the UC sets need at least 2 factors with more than one value, the classifier has "
              + selectable.size());
    }
    return new FactorMap(
        index,
        evaluated.stream().mapToInt(Integer::intValue).toArray(),
        selectable.stream().mapToInt(Integer::intValue).toArray());
  }

  private void checkImageShape(FactorDataset data, CounterfactualModels models)
      throws BadInputException {
    ModelCard card = models.vaeCard();
    FactorDataset.ImageShape s = data.imageShape();
    ModelCard.Shape in = card.input();
    ModelCard.Shape src = card.sourceImage();
    boolean ok = same(s, in) || (src != null && same(s, src));
    if (!ok) {
      throw new BadInputException(
          dataset
              + ": images are "
              + s.channels()
              + "x"
              + s.height()
              + "x"
              + s.width()
              + ", the model "
              + model
              + " takes "
              + in.channels()
              + "x"
              + in.height()
              + "x"
              + in.width()
              + (src == null
                  ? ""
                  : " or " + src.channels() + "x" + src.height() + "x" + src.width()));
    }
  }

  private static boolean same(FactorDataset.ImageShape s, ModelCard.Shape m) {
    return s.channels() == m.channels() && s.height() == m.height() && s.width() == m.width();
  }

  /**
   * The sets Z_I and the baseline statistics of the selection pass, and its samples' codes ({@code
   * indices} increasing, {@code rows[k]} the code of sample {@code indices[k]}; both null when an
   * earlier run left no codes file).
   */
  private record Selection(
      int[][] sets,
      LatentStats stats,
      double irs,
      double uc,
      int samples,
      boolean reused,
      long[] indices,
      float[][] rows) {}

  private Selection selection(
      FactorDataset data,
      CounterfactualModels models,
      FactorMap map,
      int end,
      UcSelection mode,
      PrintWriter err)
      throws CandelaException {
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("dataset", dataset.toAbsolutePath().normalize().toString());
    params.put("datasetSize", data.size());
    params.put("end", end);
    params.put("vaeWeights", models.vaeCard().weights());
    params.put("classifierWeights", models.classifierCard().weights());
    params.put("rho", rho);
    params.put("ucSelection", mode.name());
    params.put("seed", seed);
    params.put("maxSamples", SELECTION_SAMPLES);
    Path file = out.resolve(SELECTION);
    JsonNode want;
    try {
      // Through text, so numbers compare as they read back from the file (int vs long nodes).
      want = JsonReports.mapper().readTree(JsonReports.mapper().writeValueAsString(params));
    } catch (IOException e) {
      throw new CandelaException("cannot encode the selection parameters: " + e.getMessage(), e);
    }
    if (Files.isRegularFile(file)) {
      JsonNode have;
      try {
        have = JsonReports.mapper().readTree(file.toFile());
      } catch (IOException e) {
        throw new BadInputException(file + ": cannot read (" + e.getMessage() + ")", e);
      }
      var it = want.fieldNames();
      while (it.hasNext()) {
        String key = it.next();
        if (!want.get(key).equals(have.path("parameters").get(key))) {
          throw new BadInputException(
              file
                  + ": "
                  + key
                  + " was "
                  + have.path("parameters").get(key)
                  + " in the earlier run, this run has "
                  + want.get(key)
                  + "; use another output folder");
        }
      }
      try {
        int[][] sets = JsonReports.mapper().treeToValue(have.get("sets"), int[][].class);
        LatentStats stats = JsonReports.mapper().treeToValue(have.get("stats"), LatentStats.class);
        Path codesFile = out.resolve(SELECTION_CODES);
        long[] known = null;
        float[][] knownRows = null;
        if (Files.isRegularFile(codesFile)) {
          int m = have.path("samples").asInt();
          known = new long[m];
          knownRows = new float[m][];
          readSelectionCodes(codesFile, known, knownRows, models.vaeCard().latentDim());
        }
        return new Selection(
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
    int m = Math.min(end, SELECTION_SAMPLES);
    long[] idx = sampleIndices(end, m, seed);
    int d = models.vaeCard().latentDim();
    double[][] z = new double[d][m];
    int[] sel = map.selectable();
    int[][] codes = new int[sel.length][m];
    float[][] rows = new float[m][];
    try (ProgressBar bar = bar("selection (encode)", m)) {
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
        if (bar != null) {
          bar.stepTo(start + (long) b);
        }
      }
    }
    List<ModelCard.FactorInfo> cf = models.classifierFactors();
    List<String> latentNames = new ArrayList<>();
    for (int j = 0; j < d; j++) {
      latentNames.add("z" + j);
    }
    List<String> factorNames = new ArrayList<>();
    for (int f : sel) {
      factorNames.add(cf.get(f).name());
    }
    IrsResult irs;
    UcResult uc;
    try {
      irs = Irs.compute(new LatentCodes(z, codes, latentNames, factorNames));
      uc = Uc.compute(irs, rho, mode);
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
    writeSelectionCodes(out.resolve(SELECTION_CODES), idx, rows);
    JsonReports.writeValue(record, file);
    if (m < end) {
      err.println(
          "candela counterfactuals: Z_I and baseline statistics from a seeded sample of "
              + m
              + " of "
              + end
              + " samples");
    }
    return new Selection(sets, stats, irs.score(), uc.score(), m, false, idx, rows);
  }

  /** Writes {@code sample,z0,…} rows; floats in Java's shortest round-trip form. */
  private static void writeSelectionCodes(Path file, long[] idx, float[][] rows)
      throws CandelaException {
    try {
      dev.candela.AtomicFiles.write(
          file,
          tmp -> {
            try (java.io.BufferedWriter w = Files.newBufferedWriter(tmp)) {
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

  /** Reads {@link #writeSelectionCodes}'s file into {@code idx} and {@code rows} (pre-sized). */
  private static void readSelectionCodes(Path file, long[] idx, float[][] rows, int d)
      throws CandelaException {
    try (java.io.BufferedReader r = Files.newBufferedReader(file)) {
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

  /**
   * {@code m} distinct indices of {@code 0..n−1}, increasing: all of them when {@code m == n}, else
   * a seeded sample without replacement (Floyd's algorithm).
   */
  static long[] sampleIndices(int n, int m, long seed) {
    if (m >= n) {
      long[] all = new long[n];
      for (int i = 0; i < n; i++) {
        all[i] = i;
      }
      return all;
    }
    SplittableRandom rng = new SplittableRandom(seed);
    TreeSet<Long> chosen = new TreeSet<>();
    for (int j = n - m; j < n; j++) {
      long t = rng.nextInt(j + 1);
      if (!chosen.add(t)) {
        chosen.add((long) j);
      }
    }
    return chosen.stream().mapToLong(Long::longValue).toArray();
  }

  private void printSummary(
      CounterfactualJob.Result res,
      Selection sel,
      CounterfactualJob.Options o,
      EncodingSource source) {
    PrintWriter pw = spec.commandLine().getOut();
    CgSummary s = res.summary();
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"factor", "Z_I", "CG", "mean ICE_I", "mean ICE_\\I", "samples"});
    for (CgSummary.FactorScore f : s.factors()) {
      rows.add(
          new String[] {
            f.name(),
            Arrays.toString(f.set()),
            fmt(f.cg()),
            fmt(f.meanIceIntervened()),
            fmt(f.meanIceComplement()),
            Long.toString(f.numSamples())
          });
    }
    rows.add(new String[] {"CG", "", fmt(s.score()), "", "", Long.toString(s.numSamples())});
    pw.printf(
        Locale.ROOT,
        "counterfactuals: samples 0..%d, baseline %s, Z_I from %s of %d encoded samples"
            + " (IRS %s, UC(%d) %s)%n",
        o.end() - 1,
        s.baseline().name().toLowerCase(Locale.ROOT).replace('_', '-'),
        sel.reused ? "the earlier run's selection" : "a selection pass",
        sel.samples,
        fmt(sel.irs),
        rho,
        fmt(sel.uc));
    pw.print(TextTable.render(rows));
    pw.printf(
        Locale.ROOT,
        "chunks: %d computed, %d reused; summary: %s%n",
        res.chunksComputed(),
        res.chunksSkipped(),
        res.summaryFile());
    pw.printf(
        Locale.ROOT,
        "codes: %d encoded by the chunks, %d reused from the selection pass (%s)%n",
        source.encoded,
        source.reused,
        SELECTION_CODES);
    pw.flush();
  }

  private static String fmt(double v) {
    return String.format(Locale.ROOT, "%.4f", v);
  }

  /**
   * Reads a chunk of the dataset and encodes it in batches; a sample whose code the selection pass
   * computed takes that code instead of being encoded again.
   */
  private final class EncodingSource implements ChunkSource {
    private final FactorDataset data;
    private final CounterfactualModels models;
    private final FactorMap map;
    private final int gridFrom;
    private final int grid;
    private final boolean imagesFit;
    private final long[] known;
    private final float[][] knownRows;
    long encoded;
    long reused;

    EncodingSource(
        FactorDataset data,
        CounterfactualModels models,
        FactorMap map,
        int gridFrom,
        int grid,
        long[] known,
        float[][] knownRows) {
      this.data = data;
      this.models = models;
      this.map = map;
      this.gridFrom = gridFrom;
      this.grid = grid;
      this.known = known;
      this.knownRows = knownRows;
      int[] shape = models.decoder().imageShape();
      FactorDataset.ImageShape s = data.imageShape();
      this.imagesFit = s.channels() == shape[0] && s.height() == shape[1] && s.width() == shape[2];
    }

    @Override
    public CfChunk read(int from, int to) throws CandelaException {
      int n = to - from;
      int nf = map.datasetIndex().length;
      float[][] z = new float[n][];
      int[][] codes = new int[nf][n];
      int[] missing = new int[n];
      int numMissing = 0;
      for (int i = 0; i < n; i++) {
        int k = known == null ? -1 : Arrays.binarySearch(known, (long) from + i);
        if (k >= 0) {
          z[i] = knownRows[k];
          reused++;
        } else {
          missing[numMissing++] = i;
        }
        int[] c = data.codes((long) from + i);
        for (int f = 0; f < nf; f++) {
          codes[f][i] = c[map.datasetIndex()[f]];
        }
      }
      for (int start = 0; start < numMissing; start += batchSize) {
        int b = Math.min(batchSize, numMissing - start);
        long[] idx = new long[b];
        for (int i = 0; i < b; i++) {
          idx[i] = (long) from + missing[start + i];
        }
        float[][] mu = models.encodeMeans(data.images(idx), b);
        for (int i = 0; i < b; i++) {
          z[missing[start + i]] = mu[i];
        }
        encoded += b;
      }
      int keep = from == gridFrom && imagesFit ? Math.min(grid, n) : 0;
      float[] originals = null;
      if (keep > 0) {
        long[] idx = new long[keep];
        for (int i = 0; i < keep; i++) {
          idx[i] = (long) from + i;
        }
        originals = data.images(idx);
      }
      return new CfChunk(z, codes, originals);
    }
  }
}
