package dev.candela.report;

import dev.candela.CandelaException;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.IrsResult;
import dev.candela.metrics.LatentCodes;
import dev.candela.metrics.cg.CgSummary;
import dev.candela.metrics.stats.Uncertainty;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The HTML report of an evaluation ({@code report.html}) and its figures: each figure is rendered
 * to PNG, written into the output folder where it has a file, and added to the page with its
 * caption; {@link #finish} adds the headline and the trailer and writes the page.
 */
public final class EvaluationPage {
  private final Path out;
  private final HtmlReport page;

  private EvaluationPage(Path out, HtmlReport page) {
    this.out = out;
    this.page = page;
  }

  /**
   * Starts the page: the code metrics' tables when they were computed, else only the title.
   *
   * @param out the output folder
   * @param title the page title
   * @param sofar the report, finished or as it stands after the code metrics (its title and
   *     details; the headline is set again by {@link #finish}; null when they did not run)
   * @param codeScores the code metrics' full result (null when they did not run)
   * @param codes the scored codes
   * @return the page
   */
  public static EvaluationPage start(
      Path out, String title, ScoreReport sofar, CodeScorer.Scores codeScores, LatentCodes codes) {
    return new EvaluationPage(
        out,
        codeScores == null
            ? new HtmlReport(title)
            : CodeScoresHtml.build(sofar, codeScores, codes));
  }

  /**
   * The BetaVAE and FactorVAE accuracies, when the report has either.
   *
   * @param scores the report's scores
   */
  public void classicScores(Map<String, Double> scores) {
    Map<String, Double> classic = new LinkedHashMap<>();
    for (String k : List.of("betavae", "factorvae")) {
      if (scores.containsKey(k)) {
        classic.put(k, scores.get(k));
      }
    }
    if (!classic.isEmpty()) {
      page.keyValues("BetaVAE / FactorVAE (evaluation accuracy)", classic);
    }
  }

  /**
   * What the latent causal model's section shows.
   *
   * @param truth where the true model comes from
   * @param dag the latent model's DAG source ({@code given} or {@code learned})
   * @param distances OD, ID and CD with their standard error and null baseline, in that order
   * @param alignment per factor, its latent group's alignment (empty: no alignment table)
   * @param graph the learned DAG's graph metrics ({@code shd}, {@code sid}, the AIDs) that were
   *     scored
   * @param truthEdges the true DAG's edges (parent, child)
   * @param modelEdges the latent model's DAG's edges (parent, child)
   */
  public record ScmView(
      String truth,
      String dag,
      List<ScmDistance> distances,
      List<ScmAlignment> alignment,
      Map<String, Double> graph,
      List<List<String>> truthEdges,
      List<List<String>> modelEdges) {
    /** Copies. */
    public ScmView {
      distances = List.copyOf(distances);
      alignment = List.copyOf(alignment);
      graph = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(graph));
      truthEdges = List.copyOf(truthEdges);
      modelEdges = List.copyOf(modelEdges);
    }
  }

  /**
   * One sampled distance of the latent causal model to the truth.
   *
   * @param id {@code od}, {@code id} or {@code cd}
   * @param value the distance (NaN when not scored)
   * @param standardError its standard error over the replicates (NaN when none)
   * @param nullBaseline the truth's distance to itself (NaN when none)
   */
  public record ScmDistance(String id, double value, double standardError, double nullBaseline) {}

  /**
   * One factor's latent group and how well it aligns with the factor.
   *
   * @param factor the factor
   * @param group its latents
   * @param eta2 the correlation ratio η² of the group on the factor
   * @param chance η² at chance
   */
  public record ScmAlignment(String factor, List<String> group, double eta2, double chance) {}

  /**
   * The latent causal model's section: the distances to the truth against their null, the alignment
   * of each factor's latent group, the learned DAG's graph metrics and both DAGs.
   *
   * @param scm what it shows
   */
  public void scmSection(ScmView scm) {
    page.section("Latent causal model (scm)");
    double[][] ladder = new double[scm.distances().size()][];
    List<String> rows = new ArrayList<>();
    for (int i = 0; i < ladder.length; i++) {
      ScmDistance d = scm.distances().get(i);
      double v = d.value();
      double se = d.standardError();
      double nul = d.nullBaseline();
      ladder[i] = new double[] {v, se, nul, se > 0 ? (v - nul) / se : Double.NaN};
      rows.add(d.id().toUpperCase(Locale.ROOT));
    }
    page.matrix(
        "Distances to the true causal model ("
            + scm.truth()
            + "; DAG "
            + scm.dag()
            + "): a model differs measurably when its value exceeds the null by several SE",
        rows,
        List.of("value", "SE", "null (truth vs itself)", "(value − null) / SE"),
        ladder);
    if (!scm.alignment().isEmpty()) {
      List<String> factors = new ArrayList<>();
      List<double[]> vals = new ArrayList<>();
      for (ScmAlignment a : scm.alignment()) {
        factors.add(a.factor() + " " + a.group());
        vals.add(new double[] {a.eta2(), a.chance()});
      }
      page.matrix(
          "Alignment of each factor's latent group: correlation ratio η² (1 = the group is a"
              + " function of the factor)",
          factors,
          List.of("η²", "chance"),
          vals.toArray(new double[0][]));
    }
    if (!scm.graph().isEmpty()) {
      page.keyValues(
          "Learned DAG against the true DAG (SHD: reversed edge 2; SID count; AIDs normalised)",
          scm.graph());
    }
    List<String> edges = new ArrayList<>();
    edges.add("true DAG: " + edgeText(scm.truthEdges()));
    edges.add("latent model's DAG (" + scm.dag() + "): " + edgeText(scm.modelEdges()));
    page.list("DAGs of the latent causal model section", edges);
  }

  private static String edgeText(List<List<String>> edges) {
    if (edges.isEmpty()) {
      return "no edges";
    }
    List<String> out = new ArrayList<>();
    for (List<String> pair : edges) {
      out.add(pair.get(0) + " → " + pair.get(1));
    }
    return String.join(", ", out);
  }

  /**
   * Adds the headline scores (with a note per score where given) and the trailer, and writes {@code
   * report.html}.
   *
   * @param report the finished report
   * @param notes per score key, a note shown beside it
   * @return the written file
   * @throws CandelaException when the page cannot be written
   */
  public Path finish(ScoreReport report, Map<String, String> notes) throws CandelaException {
    CodeScoresHtml.headline(page, report, notes);
    CodeScoresHtml.trailer(page, report);
    Path file = out.resolve("report.html");
    page.write(file);
    return file;
  }

  /**
   * The CG section's head: what CG is, the read-out, baseline and latent sets used, and a bar chart
   * of CG per factor with 95% interval whiskers when the intervals ran; flagged factors' bars are
   * grey and hatched.
   *
   * @param cg what the section shows
   * @param uncertainty the report's uncertainty (keys {@code cg.<factor>})
   */
  public void cgSection(CgView cg, Map<String, Uncertainty> uncertainty) {
    page.section("Counterfactual generativeness (CG)");
    page.paragraph(
        "CG (Reddy, Godfrey & Balasubramanian, AAAI 2022) asks whether the latents Z_I chosen for"
            + " factor I control it in the generator: for each sample, x_I is the decoded image"
            + " with the latents of Z_I set to the baseline and x_\\I the one with every other"
            + " latent set to it, and CG_I is the mean gap between how much the classifier's"
            + " read-out moves under the two. It lies in [0, 1]; higher is better (Z_I alone"
            + " moves the factor, the rest does not).");
    List<String> sets = new ArrayList<>();
    cg.sets().forEach((f, l) -> sets.add(f + " → " + latents(l)));
    List<String> excluded = new ArrayList<>();
    cg.excluded().forEach((f, l) -> excluded.add(f + " (carried by " + String.join(", ", l) + ")"));
    page.paragraph(
        "Used here: read-out "
            + cg.readout()
            + "; baseline "
            + cg.baseline()
            + "; Z_I by UC(ρ = "
            + cg.rho()
            + ")'s rule over the latents the decoder uses: "
            + String.join(", ", sets)
            + (excluded.isEmpty()
                ? ""
                : "; excluded (no latent the decoder uses carries them): "
                    + String.join(", ", excluded))
            + (cg.flagged().isEmpty()
                ? ""
                : "; flagged (unreliable or failed image checks, see the warnings): "
                    + String.join(", ", cg.flagged())));
    boolean[] flags = new boolean[cg.names().size()];
    for (int k = 0; k < flags.length; k++) {
      flags[k] = cg.flagged().contains(cg.names().get(k));
    }
    page.figurePng(
        "CG per factor (ρ = " + cg.rho() + ", baseline " + cg.baseline() + ")",
        cgBars(cg.names(), cg.perFactor(), uncertainty, flags));
  }

  /**
   * What the CG section shows.
   *
   * @param names the scored factors (not the excluded ones)
   * @param perFactor CG per scored factor
   * @param rho the UC size of the latent sets
   * @param baseline the baseline's name
   * @param readout what CG reads from the classifier, in words
   * @param sets per scored factor, its latent set Z_I
   * @param flagged the factors whose CG is flagged (unreliable classifier, failed image checks)
   * @param excluded per excluded factor, the inert latents that carry it
   */
  public record CgView(
      List<String> names,
      double[] perFactor,
      int rho,
      String baseline,
      String readout,
      Map<String, int[]> sets,
      java.util.Set<String> flagged,
      Map<String, List<String>> excluded) {
    /** Copies. */
    public CgView {
      names = List.copyOf(names);
      perFactor = perFactor.clone();
      sets = new java.util.LinkedHashMap<>(sets);
      flagged = java.util.Collections.unmodifiableSet(new java.util.LinkedHashSet<>(flagged));
      excluded = new java.util.LinkedHashMap<>(excluded);
    }

    @Override
    public double[] perFactor() {
      return perFactor.clone();
    }
  }

  private static String latents(int[] l) {
    List<String> out = new ArrayList<>();
    for (int j : l) {
      out.add("z" + j);
    }
    return "[" + String.join(", ", out) + "]";
  }

  /**
   * One factor's counterfactual grid, written as {@code counterfactuals-<factor>.png} (the factor's
   * name made a safe file name, {@link dev.candela.SafeFileNames#part}).
   *
   * @param factor the factor's score and set
   * @param grid the rendered grid
   * @throws CandelaException when the file cannot be written
   */
  public void counterfactualGrid(CgSummary.FactorScore factor, BufferedImage grid)
      throws CandelaException {
    byte[] png = Images.png(grid);
    Images.write(
        dev.candela.SafeFileNames.file(out, "counterfactuals-", factor.name(), ".png"), png);
    page.figurePng(
        "Counterfactuals of "
            + factor.name()
            + " (Z_I = "
            + factor.set()
            + "; columns x, x̂, x_I, x_\\I), CG = "
            + String.format(Locale.ROOT, "%.4f", factor.cg()),
        png);
  }

  /**
   * Dataset images above their reconstructions, written as {@code reconstructions.png}.
   *
   * @param originals {@code g} dataset images in the decoder's shape
   * @param recon their {@code g} reconstructions
   * @param g the number of grid samples
   * @param shape the decoder's image shape {C, H, W}
   * @throws CandelaException when the file cannot be written
   */
  public void reconstructions(float[] originals, float[] recon, int g, int[] shape)
      throws CandelaException {
    int vol = originals.length / g;
    float[] both = new float[2 * g * vol];
    System.arraycopy(originals, 0, both, 0, g * vol);
    System.arraycopy(recon, 0, both, g * vol, g * vol);
    byte[] reconPng = Images.png(Images.grid(both, 2 * g, g, shape));
    Images.write(out.resolve("reconstructions.png"), reconPng);
    page.section("Reconstructions and latent traversals");
    page.figurePng("Top: dataset images; bottom: reconstructions g(mean of q(z|x))", reconPng);
  }

  /**
   * Latent traversals, one row of {@code steps} decoded images per latent, written as {@code
   * traversals.png}.
   *
   * @param decoded the decoded traversal images, row by row
   * @param latents the number of latents (rows)
   * @param steps images per row
   * @param shape the decoder's image shape {C, H, W}
   * @throws CandelaException when the file cannot be written
   */
  public void traversals(float[] decoded, int latents, int steps, int[] shape)
      throws CandelaException {
    byte[] travPng = Images.png(Images.grid(decoded, latents * steps, steps, shape));
    Images.write(out.resolve("traversals.png"), travPng);
    page.figurePng(
        "Latent traversals of the first grid sample: one row per latent z0..z"
            + (latents - 1)
            + ", from the evaluation set's minimum to its maximum",
        travPng);
  }

  /**
   * The IRS matrix as a heat map, written as {@code irs.png} (not on the page, which has its own
   * table).
   *
   * @param irs the IRS result
   * @param factorNames its factor columns
   * @throws CandelaException when the file cannot be written
   */
  public void irsHeatMap(IrsResult irs, List<String> factorNames) throws CandelaException {
    List<String> rows = new ArrayList<>();
    for (int j : irs.activeLatents()) {
      rows.add("z" + j);
    }
    double lo = Math.min(0, irs.matrix().stream().min().orElse(0));
    Images.write(
        out.resolve("irs.png"),
        Charts.heatMap("IRS", rows, factorNames, irs.matrix().toArray(), lo, 1).png());
  }

  /** CG per factor with 95% interval whiskers when intervals ran; flagged bars hatched grey. */
  private static byte[] cgBars(
      List<String> names,
      double[] perFactor,
      Map<String, Uncertainty> uncertainty,
      boolean[] flagged) {
    String legend = "unreliable (classifier or image checks; see the warnings)";
    double[] lo = new double[names.size()];
    double[] hi = new double[names.size()];
    for (int k = 0; k < names.size(); k++) {
      Uncertainty u = uncertainty.get("cg." + names.get(k));
      if (u == null) {
        return Charts.bars("CG per factor", names, perFactor, null, null, flagged, legend).png();
      }
      lo[k] = u.ci95().get(0);
      hi[k] = u.ci95().get(1);
    }
    return Charts.bars("CG per factor", names, perFactor, lo, hi, flagged, legend).png();
  }
}
