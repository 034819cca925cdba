package dev.candela.cli.bench;

import dev.candela.AtomicFiles;
import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.JsonFiles;
import dev.candela.Progress;
import dev.candela.cli.console.ExitCodes;
import dev.candela.cli.options.DeviceOption;
import dev.candela.data.ImageDegradation;
import dev.candela.evaluate.CgTruthBenchmark;
import dev.candela.evaluate.CgTruthOptions;
import dev.candela.evaluate.CgTruthOrderCheck;
import dev.candela.evaluate.CgTruthRow;
import dev.candela.metrics.cg.CgBaseline;
import dev.candela.metrics.cg.CgReadout;
import dev.candela.metrics.cg.truth.ConstructedDecoder;
import dev.candela.metrics.cg.truth.TruthCase;
import dev.candela.report.TextTable;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code candela bench cg-truth}: the ground-truth CG benchmark ({@link CgTruthBenchmark}). On
 * decoders with a causal structure known by construction, the true CG (oracle classifier, the
 * latent sets the decoder reads) beside Candela's CG (evaluate's selection on the encoder latents,
 * a real classifier), per decoder × degradation × read-out × baseline × classifier, with |Δ|, the
 * tolerance and the order check. {@code --out DIR} gets {@code cg-truth.csv} (one line appended per
 * finished row) and {@code cg-truth.json} (rewritten after each row), so an interrupted run keeps
 * what it finished.
 */
@Command(
    name = "cg-truth",
    mixinStandardHelpOptions = true,
    description =
        "Ground-truth CG: constructed dSprites decoders with a known causal structure, true CG"
            + " (oracle) vs Candela's CG (real classifier).")
public final class BenchCgTruthCommand implements Callable<Integer> {

  /** The degradation of the issue: blur 2 px, contrast 0.8, grey offset 0.05, noise 0.02. */
  static final ImageDegradation VAE_LIKE = new ImageDegradation(2, 0.8, 0.05, 0.02);

  @Option(names = "--samples", description = "Samples per decoder (default ${DEFAULT-VALUE}).")
  int samples = 500;

  @Option(names = "--seed", description = "Seed of the samples (default ${DEFAULT-VALUE}).")
  long seed = 0;

  @Option(
      names = "--classifier",
      description =
          "A dSprites classifier folder; repeatable (default models/dsprites-classifier).")
  List<Path> classifiers;

  @Option(
      names = "--decoders",
      split = ",",
      description =
          "Decoders to run, by name (default all: disentangled, leak-0.25, leak-0.5,"
              + " inert-posX-leak-0.5, duplicated-posX, confounded-posXY).")
  List<String> decoders;

  @Option(
      names = "--degradation",
      description =
          "A degradation 'none' or 'SIGMA,CONTRAST,OFFSET,NOISE'; repeatable (default none and"
              + " 2,0.8,0.05,0.02).")
  List<String> degradations;

  @Option(
      names = "--baselines",
      split = ",",
      description = "Baselines (default max-deviation,mean,zero).")
  List<String> baselines = List.of("max-deviation", "mean", "zero");

  @Option(
      names = "--readouts",
      split = ",",
      description = "Classifier read-outs (default exact,tolerant; the truth uses the same).")
  List<String> readouts = List.of("exact", "tolerant");

  @Option(
      names = "--factors",
      split = ",",
      description =
          "Factors CG averages over, for the truth and for Candela (default all: shape, scale,"
              + " orientation, posX, posY).")
  List<String> factors = ConstructedDecoder.FACTOR_NAMES;

  @Option(
      names = "--batch-size",
      description = "Images per engine call (default ${DEFAULT-VALUE}).")
  int batchSize = 256;

  @Option(names = "--out", description = "Folder for cg-truth.csv and cg-truth.json.")
  Path out;

  @Option(names = "--markdown", description = "Print the table as Markdown (for docs).")
  boolean markdown;

  @Mixin DeviceOption device;

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  /** Creates the command. */
  public BenchCgTruthCommand() {}

  @Override
  public Integer call() throws CandelaException {
    if (samples < 2) {
      throw new BadInputException("--samples must be at least 2, got " + samples);
    }
    List<Path> clfs =
        classifiers == null ? List.of(Path.of("models/dsprites-classifier")) : classifiers;
    List<TruthCase> cases = cases(decoders);
    List<ImageDegradation> degs = new ArrayList<>();
    for (String d : degradations == null ? List.of("none", "2,0.8,0.05,0.02") : degradations) {
      degs.add(parseDegradation(d));
    }
    List<CgBaseline> bs = new ArrayList<>();
    for (String b : baselines) {
      bs.add(parseBaseline(b));
    }
    CgTruthOptions o =
        new CgTruthOptions(
            samples,
            seed,
            cases,
            degs,
            bs,
            clfs,
            device.device(),
            batchSize,
            factorList(),
            readoutList());
    PrintWriter err = spec.commandLine().getErr();
    Files files = out == null ? null : new Files(out, o);
    CgTruthBenchmark.Result res =
        CgTruthBenchmark.run(
            o,
            row -> {
              if (files != null) {
                files.append(row);
              }
            },
            Progress.messages(
                m -> {
                  err.println(m);
                  err.flush();
                }));
    if (files != null) {
      files.finish(res);
    }
    PrintWriter w = spec.commandLine().getOut();
    w.printf(
        Locale.ROOT,
        "bench cg-truth: %d samples per decoder, seed %d, UC(%d) top-k selection on the encoder"
            + " latents among those the decoder uses; tolerance |Δ| <= %.2f on the overall CG; per"
            + " factor: true/candela (sets true/candela)%n",
        samples,
        seed,
        CgTruthBenchmark.RHO,
        CgTruthBenchmark.TOLERANCE);
    List<String[]> table = table(res.rows());
    w.print(markdown ? markdown(table) : TextTable.render(table));
    for (CgTruthOrderCheck oc : res.orders()) {
      w.printf(
          Locale.ROOT,
          "order %s | %s | %s | %s: %s (truth %s; candela %s)%n",
          oc.degradation(),
          oc.readout(),
          oc.baseline(),
          oc.classifier(),
          oc.agrees() ? "agrees" : "DIFFERS",
          String.join(" > ", oc.byTruth()),
          String.join(" > ", oc.byCandela()));
      for (String v : oc.violations()) {
        w.println("  " + v);
      }
    }
    long passed = res.rows().stream().filter(CgTruthRow::pass).count();
    w.printf(
        Locale.ROOT,
        "rows within tolerance: %d of %d; orders agreeing: %d of %d%n",
        passed,
        res.rows().size(),
        res.orders().stream().filter(CgTruthOrderCheck::agrees).count(),
        res.orders().size());
    if (out != null) {
      w.println("written: " + out.resolve(Files.CSV) + ", " + out.resolve(Files.JSON));
    }
    w.flush();
    return ExitCodes.OK;
  }

  private List<CgReadout> readoutList() throws BadInputException {
    List<CgReadout> out = new ArrayList<>();
    for (String r : readouts) {
      try {
        out.add(CgReadout.fromId(r));
      } catch (IllegalArgumentException e) {
        throw new BadInputException("--readouts: " + e.getMessage(), e);
      }
    }
    return out;
  }

  private List<String> factorList() throws BadInputException {
    List<String> out = new ArrayList<>();
    for (String f : ConstructedDecoder.FACTOR_NAMES) {
      if (factors.stream().anyMatch(g -> g.trim().equals(f))) {
        out.add(f);
      }
    }
    for (String g : factors) {
      if (!ConstructedDecoder.FACTOR_NAMES.contains(g.trim())) {
        throw new BadInputException(
            "--factors: unknown factor '"
                + g.trim()
                + "' (factors: "
                + String.join(", ", ConstructedDecoder.FACTOR_NAMES)
                + ")");
      }
    }
    return out;
  }

  static List<TruthCase> cases(List<String> names) throws BadInputException {
    List<TruthCase> all = TruthCase.defaults();
    if (names == null || names.isEmpty()) {
      return all;
    }
    List<TruthCase> out = new ArrayList<>();
    for (String n : names) {
      TruthCase c = all.stream().filter(t -> t.name().equals(n.trim())).findFirst().orElse(null);
      if (c == null) {
        throw new BadInputException(
            "--decoders: unknown decoder '"
                + n.trim()
                + "' (known: "
                + all.stream().map(TruthCase::name).collect(Collectors.joining(", "))
                + ")");
      }
      out.add(c);
    }
    return out;
  }

  static ImageDegradation parseDegradation(String s) throws BadInputException {
    if (s.trim().equalsIgnoreCase("none")) {
      return ImageDegradation.NONE;
    }
    String[] p = s.split(",");
    if (p.length != 4) {
      throw new BadInputException(
          "--degradation: '" + s + "' is neither 'none' nor SIGMA,CONTRAST,OFFSET,NOISE");
    }
    try {
      return new ImageDegradation(
          Double.parseDouble(p[0].trim()),
          Double.parseDouble(p[1].trim()),
          Double.parseDouble(p[2].trim()),
          Double.parseDouble(p[3].trim()));
    } catch (IllegalArgumentException e) {
      throw new BadInputException("--degradation '" + s + "': " + e.getMessage(), e);
    }
  }

  static CgBaseline parseBaseline(String s) throws BadInputException {
    for (CgBaseline b : CgBaseline.values()) {
      if (b.id().equals(s.trim().toLowerCase(Locale.ROOT))) {
        return b;
      }
    }
    throw new BadInputException(
        "--baselines: unknown baseline '" + s + "' (known: max-deviation, mean, zero)");
  }

  private static List<String[]> table(List<CgTruthRow> rows) {
    List<String[]> t = new ArrayList<>();
    List<String> head =
        new ArrayList<>(
            List.of(
                "decoder",
                "degradation",
                "read-out",
                "baseline",
                "classifier",
                "true CG",
                "candela CG",
                "|Δ|",
                "pass"));
    if (!rows.isEmpty()) {
      rows.get(0).factors().forEach(f -> head.add(f.factor()));
    }
    t.add(head.toArray(String[]::new));
    for (CgTruthRow r : rows) {
      List<String> c =
          new ArrayList<>(
              List.of(
                  r.decoder(),
                  r.degradation(),
                  r.readout(),
                  r.baseline(),
                  Path.of(r.classifier()).getFileName().toString(),
                  f3(r.trueCg()),
                  f3(r.candelaCg()),
                  f3(r.absDelta()),
                  r.pass() ? "yes" : "NO"));
      for (CgTruthRow.FactorRow f : r.factors()) {
        if (f.candelaSet().isEmpty()) {
          c.add(f3(f.trueCg()) + "/excluded");
          continue;
        }
        c.add(
            f3(f.trueCg())
                + "/"
                + f3(f.candelaCg())
                + (f.trueSet().equals(f.candelaSet())
                    ? ""
                    : " (z" + f.trueSet().get(0) + "/z" + setText(f.candelaSet()) + ")"));
      }
      t.add(c.toArray(String[]::new));
    }
    return t;
  }

  private static String setText(List<Integer> s) {
    return s.stream().map(String::valueOf).collect(Collectors.joining(",z"));
  }

  private static String markdown(List<String[]> t) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < t.size(); i++) {
      List<String> cells = new ArrayList<>();
      for (String c : t.get(i)) {
        cells.add(c.replace("|", "\\|"));
      }
      sb.append("| ").append(String.join(" | ", cells)).append(" |\n");
      if (i == 0) {
        sb.append("|").append("---|".repeat(t.get(0).length)).append('\n');
      }
    }
    return sb.toString();
  }

  private static String f3(double v) {
    return String.format(Locale.ROOT, "%.3f", v);
  }

  /** The output files: the CSV grows by one line per row, the JSON is rewritten after each row. */
  private static final class Files {
    static final String CSV = "cg-truth.csv";
    static final String JSON = "cg-truth.json";
    private final Path dir;
    private final Map<String, Object> params = new LinkedHashMap<>();
    private final List<CgTruthRow> rows = new ArrayList<>();

    Files(Path dir, CgTruthOptions o) throws CandelaException {
      this.dir = dir;
      params.put("samples", o.samples());
      params.put("seed", o.seed());
      params.put("rho", CgTruthBenchmark.RHO);
      params.put("ucSelection", "topk among the latents the decoder uses");
      params.put("factors", o.factors());
      params.put("tolerance", CgTruthBenchmark.TOLERANCE);
      params.put("decoders", o.cases().stream().map(TruthCase::name).toList());
      params.put(
          "degradations", o.degradations().stream().map(ImageDegradation::describe).toList());
      params.put("readouts", o.readouts().stream().map(CgReadout::id).toList());
      params.put("baselines", o.baselines().stream().map(CgBaseline::id).toList());
      params.put("classifiers", o.classifiers().stream().map(Path::toString).toList());
      try {
        java.nio.file.Files.createDirectories(dir);
        StringBuilder h =
            new StringBuilder(
                "decoder,degradation,readout,baseline,classifier,samples,true_cg,candela_cg,"
                    + "abs_delta,pass,uc,true_cg_all,excluded");
        for (String f : o.factors()) {
          h.append(",true_cg.").append(f).append(",candela_cg.").append(f);
          h.append(",true_set.").append(f).append(",candela_set.").append(f);
        }
        java.nio.file.Files.writeString(dir.resolve(CSV), h.append('\n'), StandardCharsets.UTF_8);
        writeJson(null);
      } catch (IOException e) {
        throw new CandelaException(dir + ": cannot write (" + e.getMessage() + ")", e);
      }
    }

    void append(CgTruthRow r) throws CandelaException {
      rows.add(r);
      StringBuilder line = new StringBuilder();
      line.append(
          String.join(
              ",",
              csv(r.decoder()),
              csv(r.degradation()),
              r.readout(),
              r.baseline(),
              csv(r.classifier()),
              Integer.toString(r.samples()),
              Double.toString(r.trueCg()),
              Double.toString(r.candelaCg()),
              Double.toString(r.absDelta()),
              Boolean.toString(r.pass()),
              Double.toString(r.uc()),
              Double.toString(r.trueCgAll()),
              csv(String.join(" ", r.excluded()))));
      for (CgTruthRow.FactorRow f : r.factors()) {
        line.append(',').append(f.trueCg()).append(',').append(f.candelaCg());
        line.append(',').append(csv(f.trueSet().toString()));
        line.append(',').append(csv(f.candelaSet().toString()));
      }
      line.append('\n');
      try (BufferedWriter w =
          java.nio.file.Files.newBufferedWriter(
              dir.resolve(CSV), StandardCharsets.UTF_8, StandardOpenOption.APPEND)) {
        w.append(line);
      } catch (IOException e) {
        throw new CandelaException(
            dir.resolve(CSV) + ": cannot append (" + e.getMessage() + ")", e);
      }
      try {
        writeJson(null);
      } catch (IOException e) {
        throw new CandelaException(
            dir.resolve(JSON) + ": cannot write (" + e.getMessage() + ")", e);
      }
    }

    void finish(CgTruthBenchmark.Result res) throws CandelaException {
      try {
        writeJson(res.orders());
      } catch (IOException e) {
        throw new CandelaException(
            dir.resolve(JSON) + ": cannot write (" + e.getMessage() + ")", e);
      }
    }

    private void writeJson(List<CgTruthOrderCheck> orders) throws IOException {
      Map<String, Object> doc = new LinkedHashMap<>();
      doc.put("benchmark", "cg-truth");
      doc.put("parameters", params);
      doc.put("complete", orders != null);
      doc.put("rows", rows);
      if (orders != null) {
        doc.put("orders", orders);
      }
      Path tmp = AtomicFiles.newTemp(dir.resolve(JSON));
      JsonFiles.writeIndented(tmp, doc, true);
      AtomicFiles.commit(tmp, dir.resolve(JSON));
    }

    private static String csv(String s) {
      return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
  }
}
