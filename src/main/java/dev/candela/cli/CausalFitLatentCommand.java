package dev.candela.cli;

import dev.candela.CandelaException;
import dev.candela.causal.fit.LatentScmFit;
import dev.candela.causal.graph.Dag;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.ModelJson;
import dev.candela.data.CodeTables;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.LatentCodes;
import dev.candela.metrics.Uc;
import dev.candela.metrics.UcResult;
import dev.candela.metrics.UcSelection;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code candela causal fit-latent}: a latent causal model. The factor-aligned latent groups Z_I
 * come from the IRS matrix of the encoded codes with a UC selection of ρ latents per factor (the
 * same selection CG uses); a linear-Gaussian SCM over the groups is fitted by least squares on the
 * factors' DAG ({@link LatentScmFit}), by default in the factors' units (each group's sign, mean
 * and sd matched to its factor's values). Compare it with the dataset's ground-truth model over
 * factor codes ({@code causal truth --labels codes}) with {@code causal distance}.
 */
@Command(
    name = "fit-latent",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Fit a linear-Gaussian SCM over the factor-aligned latent groups (IRS + UC selection)",
      "on a DAG over factors; compare it with a ground truth over factor codes using 'causal"
          + " distance'."
    })
public final class CausalFitLatentCommand implements Callable<Integer> {
  @CommandLine.Spec private CommandLine.Model.CommandSpec spec;

  @Option(names = "--latents", required = true, description = "Latent table (CSV or .npy).")
  Path latents;

  @Option(names = "--factors", required = true, description = "Factor table (CSV or .npy).")
  Path factors;

  @Option(
      names = "--dag",
      required = true,
      description = "DAG over factor names (JSON, CSV, Matrix Market).")
  Path dag;

  @Option(names = "--rho", defaultValue = "1", description = "Latents per factor group (ρ).")
  int rho;

  @Option(
      names = "--uc-selection",
      defaultValue = "topk",
      description = "How Z_I is chosen from the IRS matrix: topk or fork.")
  UcSelection selection;

  @Option(
      names = "--factor-bins",
      defaultValue = "20",
      description = "IRS factor re-binning: 'none' or N (default 20).")
  String factorBins;

  @Option(
      names = "--scale",
      defaultValue = "factor",
      description =
          "Units of the fitted groups: factor (sign, mean and sd of each factor's values, so"
              + " do-values mean the same as in a ground truth over factor codes) or standard"
              + " (zero mean, unit variance). Default ${DEFAULT-VALUE}.")
  String scale;

  @Option(names = "--out", required = true, description = "Write the fitted model JSON here.")
  Path out;

  /** Creates the command. */
  public CausalFitLatentCommand() {}

  @Override
  public Integer call() throws CandelaException {
    int bins = ScoreCodesCommand.parseBins(factorBins);
    CodeTables.Paired tables = CodeTables.readPaired(factors, latents);
    CodeTables.FactorTable ft = tables.factors();
    CodeTables.NumericTable lt = tables.latents();
    Dag g = Dag.read(dag);
    for (String name : g.names()) {
      if (!ft.columns().contains(name)) {
        throw new dev.candela.BadInputException(
            dag
                + ": DAG variable '"
                + name
                + "' is not a factor of "
                + factors
                + " "
                + ft.columns());
      }
    }
    LatentCodes codes = new LatentCodes(lt.values(), ft.codes(), lt.columns(), ft.columns());
    CodeScorer.Options defaults = CodeScorer.Options.defaults();
    CodeScorer.Options options =
        new CodeScorer.Options(
            EnumSet.of(CodeScorer.Metric.IRS),
            List.of(rho),
            EnumSet.of(selection),
            bins,
            defaults.trainFraction(),
            defaults.maxTrain(),
            defaults.maxTest(),
            0);
    CodeScorer.Scores scored = CodeScorer.score(codes, ft.vocabularies(), options);
    UcResult uc = Uc.compute(scored.irs(), rho, selection);
    int[][] groups = new int[g.size()][];
    PrintWriter err = spec.commandLine().getErr();
    for (int i = 0; i < g.size(); i++) {
      int f = scored.factorNames().indexOf(g.name(i));
      if (f < 0) {
        throw new dev.candela.BadInputException(
            dag
                + ": factor '"
                + g.name(i)
                + "' has a single value in "
                + factors
                + "; it has no latent group");
      }
      groups[i] = uc.sets()[f];
      err.println(
          "Z_"
              + g.name(i)
              + " = "
              + Arrays.stream(groups[i]).mapToObj(j -> lt.columns().get(j)).toList());
    }
    double[][] rows = new double[lt.rows()][lt.columns().size()];
    for (int j = 0; j < rows[0].length; j++) {
      for (int r = 0; r < rows.length; r++) {
        rows[r][j] = lt.values()[j][r];
      }
    }
    double[][] values = null;
    if (scale.equals("factor")) {
      values = new double[g.size()][];
      for (int i = 0; i < g.size(); i++) {
        int f = ft.columns().indexOf(g.name(i));
        List<Object> vocab = ft.vocabularies().get(f);
        boolean numeric = vocab.stream().allMatch(v -> v instanceof Number);
        int[] c = ft.codes()[f];
        values[i] = new double[c.length];
        for (int r = 0; r < c.length; r++) {
          values[i][r] = numeric ? ((Number) vocab.get(c[r])).doubleValue() : c[r];
        }
      }
    } else if (!scale.equals("standard")) {
      throw new dev.candela.BadInputException(
          "--scale must be factor or standard, got '" + scale + "'");
    }
    CausalModel model = LatentScmFit.fit(rows, groups, g, values);
    ModelJson.write(model, out);
    err.println("wrote " + out);
    err.flush();
    return Main.OK;
  }
}
