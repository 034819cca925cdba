package dev.candela.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.Progress;
import dev.candela.cli.console.CliCommand;
import dev.candela.cli.console.ExitCodes;
import dev.candela.cli.console.SettingFlags;
import dev.candela.cli.options.CodeScoringOptions;
import dev.candela.data.FactorDataset;
import dev.candela.data.loading.DatasetPaths;
import dev.candela.data.npy.NpyDType;
import dev.candela.data.npy.NpyWriter;
import dev.candela.evaluate.CgJob;
import dev.candela.evaluate.DefaultDataset;
import dev.candela.evaluate.ModelPaths;
import dev.candela.evaluate.ScoreCodesJob;
import dev.candela.report.JsonReports;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code candela monitor}: a long-lived scorer for a training loop (the Python package's {@code
 * candela.Monitor}). It draws a fixed sample of a dataset once ({@code --samples} rows with the
 * seed, as {@code evaluate} draws its evaluation samples), writes its images and factor codes as
 * {@code .npy} files into {@code --work}, and then scores each latent table it is sent against
 * those factors with {@code score-codes}' metrics and options, in the same process, until its
 * standard input ends.
 *
 * <p>Protocol: JSON lines. The first line on standard output is {@code {"ready": {...}}} with the
 * files' paths, the factor names, the rows and the image shape. Each line on standard input is a
 * request {@code {"latents": "PATH.npy"}} (optionally {@code "json": "OUT.json"} to keep the
 * report); each answer is one line, {@code {"report": {...}}} (the report {@code score-codes
 * --json} writes for the same tables and options) or {@code {"error": "...", "exitCode": 2}}. A bad
 * request is answered and the monitor goes on; messages and progress go to standard error.
 */
@Command(
    name = "monitor",
    sortOptions = false,
    description = {
      "Score latent codes of a fixed dataset sample, request after request, in one process.",
      "Writes the sample's images.npy and factors.npy to --work; reads JSON lines"
          + " {\"latents\": \"PATH.npy\"} on stdin and answers each with one JSON line"
          + " {\"report\": ...} (as score-codes --json) or {\"error\": ...} on stdout."
    })
public final class MonitorCommand extends CliCommand {
  /** The images of the sample, float32 {@code N × C × H × W} in [0, 1]. */
  public static final String IMAGES = "images.npy";

  /** The factor codes of the sample, int64 {@code N × K}. */
  public static final String FACTORS = "factors.npy";

  /** The dataset indices of the sample's rows, int64 {@code N}. */
  public static final String INDEX = "index.npy";

  @Option(
      names = "--dataset",
      paramLabel = "PATH|dsprites",
      description =
          "Dataset: .npz (dSprites/MPI3D), .h5 (3dshapes), a CANDLE or factor folder, or"
              + " 'dsprites' (default) for the generated dSprites set evaluate uses.")
  String dataset = "dsprites";

  @Option(
      names = "--samples",
      paramLabel = "N",
      description = "Rows of the fixed sample (default ${DEFAULT-VALUE}).")
  int samples = 10_000;

  @Option(
      names = "--work",
      required = true,
      paramLabel = "DIR",
      description = "Folder for the sample's files and the requests' tables (created).")
  Path work;

  @Mixin CodeScoringOptions scoring;

  /** Where the requests come from (standard input; a test sets another). */
  java.io.InputStream requests = System.in;

  /** Creates the command. */
  public MonitorCommand() {}

  @Override
  public Integer call() throws CandelaException {
    PrintWriter out = out();
    PrintWriter err = err();
    Progress listener = new ProgressBars(err, "candela monitor: ", true);
    if (samples < 2) {
      throw new BadInputException("--samples must be >= 2, got " + samples);
    }
    scoring.checkMetrics();
    Path data =
        dataset.equals("dsprites")
            ? DefaultDataset.get(ModelPaths.repoRoot(), listener)
            : Path.of(dataset);
    List<String> factorNames;
    Map<String, Object> ready = new LinkedHashMap<>();
    try (FactorDataset ds = DatasetPaths.open(data)) {
      factorNames = ds.space().names();
      ready.putAll(writeSample(ds, data));
    }
    ready.put("factorNames", factorNames);
    ObjectWriter line = JsonReports.mapper().writer().without(SerializationFeature.INDENT_OUTPUT);
    println(out, line, Map.of("ready", ready));
    Path factors = work.resolve(FACTORS);
    try (BufferedReader in =
        new BufferedReader(new InputStreamReader(requests, StandardCharsets.UTF_8))) {
      for (String req = in.readLine(); req != null; req = in.readLine()) {
        if (req.isBlank()) {
          continue;
        }
        println(out, line, answer(req, factors, factorNames, listener));
      }
    } catch (IOException e) {
      throw new CandelaException("standard input: cannot read (" + e.getMessage() + ")", e);
    }
    return ExitCodes.OK;
  }

  /** Writes the sample's images, codes and indices into the work folder; returns their facts. */
  private Map<String, Object> writeSample(FactorDataset ds, Path data) throws CandelaException {
    if (samples > ds.size()) {
      throw new BadInputException(
          data + ": --samples " + samples + " exceeds the dataset's " + ds.size() + " images");
    }
    try {
      Files.createDirectories(work);
    } catch (IOException e) {
      throw new BadInputException(work + ": cannot create (" + e.getMessage() + ")");
    }
    long[] idx = CgJob.evaluationSamples(ds.size(), samples, scoring.seed());
    int[][] codes = CgJob.factorCodes(ds, idx);
    FactorDataset.ImageShape shape = ds.imageShape();
    int k = codes.length;
    long[] rows = new long[Math.multiplyExact(idx.length, k)];
    for (int i = 0; i < idx.length; i++) {
      for (int f = 0; f < k; f++) {
        rows[i * k + f] = codes[f][i];
      }
    }
    NpyWriter.write(work.resolve(FACTORS), NpyDType.I8, new long[] {idx.length, k}, false, rows);
    NpyWriter.write(work.resolve(INDEX), NpyDType.I8, new long[] {idx.length}, false, idx);
    long[] imageShape = {idx.length, shape.channels(), shape.height(), shape.width()};
    int batch = 256;
    try (NpyWriter w = NpyWriter.create(work.resolve(IMAGES), NpyDType.F4, imageShape, false)) {
      for (int a = 0; a < idx.length; a += batch) {
        float[] px = ds.images(Arrays.copyOfRange(idx, a, Math.min(idx.length, a + batch)));
        w.writeFloats(px, 0, px.length);
      }
    }
    Map<String, Object> facts = new LinkedHashMap<>();
    facts.put("dataset", data.toAbsolutePath().toString());
    facts.put("images", work.resolve(IMAGES).toAbsolutePath().toString());
    facts.put("factors", work.resolve(FACTORS).toAbsolutePath().toString());
    facts.put("index", work.resolve(INDEX).toAbsolutePath().toString());
    facts.put("rows", idx.length);
    facts.put("imageShape", List.of(shape.channels(), shape.height(), shape.width()));
    facts.put("seed", scoring.seed());
    return facts;
  }

  /** The answer to one request line: the report, or the error it met. */
  private Map<String, Object> answer(
      String req, Path factors, List<String> factorNames, Progress listener) {
    try {
      JsonNode r = JsonReports.mapper().readTree(req);
      JsonNode latents = r == null ? null : r.get("latents");
      if (!(r instanceof ObjectNode) || latents == null || !latents.isTextual()) {
        throw new BadInputException(
            "request: want {\"latents\": \"PATH.npy\"}, got " + abbreviate(req));
      }
      ScoreCodesJob.Result res =
          ScoreCodesJob.score(
              scoring.request(factors, Path.of(latents.asText()), factorNames, null), listener);
      JsonNode json = r.get("json");
      if (json != null && json.isTextual()) {
        JsonReports.write(res.report(), Path.of(json.asText()));
      }
      return Map.of("report", res.report());
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      return error(
          "request: not JSON (" + e.getOriginalMessage() + "): " + abbreviate(req),
          ExitCodes.BAD_INPUT);
    } catch (CandelaException | IllegalArgumentException e) {
      boolean user = e instanceof BadInputException || e instanceof IllegalArgumentException;
      return error(
          String.valueOf(SettingFlags.message(e)), user ? ExitCodes.BAD_INPUT : ExitCodes.FAILURE);
    }
  }

  private static Map<String, Object> error(String message, int code) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("error", "candela monitor: " + message.replace('\n', ' '));
    m.put("exitCode", code);
    return m;
  }

  private static String abbreviate(String s) {
    return s.length() <= 120 ? s : s.substring(0, 120) + "...";
  }

  private static void println(PrintWriter out, ObjectWriter w, Object value)
      throws CandelaException {
    try {
      out.println(w.writeValueAsString(value));
      out.flush();
    } catch (IOException e) {
      throw new CandelaException("cannot write the answer (" + e.getMessage() + ")", e);
    }
  }
}
