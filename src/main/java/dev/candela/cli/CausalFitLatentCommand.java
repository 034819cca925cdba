package dev.candela.cli;

import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.causal.fit.LatentGroups;
import dev.candela.causal.fit.LatentModelFit;
import dev.candela.causal.graph.Dag;
import dev.candela.cli.console.CliCommand;
import dev.candela.cli.console.ExitCodes;
import dev.candela.cli.options.FactorBins;
import dev.candela.data.CodeTables;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.IrsResult;
import dev.candela.metrics.LatentCodes;
import dev.candela.metrics.Metric;
import dev.candela.metrics.Uc;
import dev.candela.metrics.UcResult;
import dev.candela.metrics.UcSelection;
import dev.candela.metrics.stats.Arrays2;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code candela causal fit-latent}: a latent causal model. Each factor gets its own group Z_I of ρ
 * latents, chosen one-to-one from the IRS matrix of the encoded codes ({@link
 * LatentGroups#oneToOne}; {@code --groups uc} takes the UC selection instead, and refuses groups
 * that share a latent unless {@code --allow-shared}). A linear-Gaussian SCM over the groups is
 * fitted by least squares ({@link LatentScmFit}) on a DAG over the factors that is either given
 * ({@code --dag FILE}) or learned from the group values ({@code --dag learn}, {@link
 * GaussianBicSearch}). The model JSON carries a {@code "latent"} block ({@link LatentFitInfo}): the
 * groups, each factor value's level, each group's alignment η² with its factor, and whether the DAG
 * was given; {@code causal distance} reads it.
 */
@Command(
    name = "fit-latent",
    sortOptions = false,
    description = {
      "Fit a linear-Gaussian SCM over factor-aligned latent groups (one latent group per factor,"
          + " chosen by IRS) on a given or learned DAG over factors; compare it with a ground"
          + " truth over factor codes using 'causal distance'."
    })
public final class CausalFitLatentCommand extends CliCommand {
  @Option(names = "--latents", required = true, description = "Latent table (CSV or .npy).")
  Path latents;

  @Option(names = "--factors", required = true, description = "Factor table (CSV or .npy).")
  Path factors;

  @Option(
      names = "--dag",
      required = true,
      description =
          "DAG over factor names (JSON, CSV, Matrix Market, or a causal-model JSON), or 'learn'"
              + " to learn it from the group values (Gaussian BIC hill climbing over every"
              + " non-constant factor).")
  String dag;

  @Option(names = "--rho", defaultValue = "1", description = "Latents per factor group (ρ).")
  int rho;

  @Option(
      names = "--groups",
      defaultValue = "one-to-one",
      description =
          "How Z_I is chosen from the IRS matrix: one-to-one (disjoint groups maximising the"
              + " summed IRS, default) or uc (the UC selection, see --uc-selection).")
  LatentModelFit.Grouping grouping;

  @Option(
      names = "--uc-selection",
      defaultValue = "topk",
      description = "With --groups uc: topk or fork.")
  UcSelection selection;

  @Option(
      names = "--allow-shared",
      description = "With --groups uc: accept groups that share a latent (with a warning).")
  boolean allowShared;

  @Option(
      names = "--factor-bins",
      defaultValue = "20",
      description = "IRS factor re-binning: 'none' or N (default 20).")
  String factorBins;

  @Option(
      names = "--scale",
      defaultValue = "factor",
      description =
          "Units of the fitted groups: factor (sign, mean and sd of each factor's values) or"
              + " standard (zero mean, unit variance). Default ${DEFAULT-VALUE}.")
  LatentModelFit.Scale scale;

  @Option(names = "--out", required = true, description = "Write the fitted model JSON here.")
  Path out;

  /** Creates the command. */
  public CausalFitLatentCommand() {}

  @Override
  public Integer call() throws CandelaException {
    int bins = FactorBins.parse(factorBins);
    CodeTables.Paired tables = CodeTables.readPaired(factors, latents);
    CodeTables.FactorTable ft = tables.factors();
    CodeTables.NumericTable lt = tables.latents();
    boolean learn = dag.equals("learn");
    Dag given = learn ? null : Dag.read(Path.of(dag));
    LatentCodes codes = new LatentCodes(lt.values(), ft.codes(), lt.columns(), ft.columns());
    CodeScorer.Options defaults = CodeScorer.Options.defaults();
    CodeScorer.Options options =
        new CodeScorer.Options(
            EnumSet.of(Metric.IRS),
            List.of(rho),
            EnumSet.of(selection),
            bins,
            defaults.trainFraction(),
            defaults.maxTrain(),
            defaults.maxTest(),
            0);
    CodeScorer.Scores scored = CodeScorer.score(codes, ft.vocabularies(), options);
    List<String> names = learn ? scored.factorNames() : given.names();
    int[] fcols =
        LatentModelFit.factorColumns(names, scored.factorNames(), ft.columns(), dag, factors);
    IrsResult irs = scored.irs();
    int[][] groups;
    List<String> shared = List.of();
    PrintWriter err = err();
    double[][] z;
    try {
      if (grouping == LatentModelFit.Grouping.ONE_TO_ONE) {
        groups =
            LatentGroups.oneToOne(
                irs.matrix().toArray(), Arrays2.ints(irs.activeLatents()), fcols, rho);
      } else {
        UcResult uc = Uc.compute(irs, rho, selection);
        groups = new int[names.size()][];
        for (int i = 0; i < names.size(); i++) {
          groups[i] = Arrays2.ints(uc.sets().get(fcols[i]));
        }
        shared = LatentGroups.sharing(groups, names, lt.columns());
        if (!shared.isEmpty() && !allowShared) {
          throw new BadInputException(
              latents
                  + ": latent groups are not distinct ("
                  + String.join("; ", shared)
                  + "); use --groups one-to-one, or --allow-shared to accept it");
        }
        for (String s : shared) {
          err.println("warning: " + s + " (allowed by --allow-shared)");
        }
      }
      z = LatentModelFit.groupValues(ft, lt, names, groups, scale);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(latents + ": " + e.getMessage(), e);
    }
    String how =
        grouping == LatentModelFit.Grouping.UC
            ? "uc-" + selection.name().toLowerCase(Locale.ROOT)
            : grouping.toString();
    LatentModelFit.Fit fit = LatentModelFit.fit(ft, lt, names, groups, z, given, dag, how, shared);
    for (LatentModelFit.GroupSummary g : fit.groups()) {
      err.printf(
          Locale.ROOT,
          "Z_%s = %s  alignment eta^2 %.3f (chance %.3f)%n",
          g.factor(),
          g.latents(),
          g.alignment(),
          g.chance());
    }
    err.println(
        learn
            ? "DAG learned from the group values (Gaussian BIC hill climbing): "
                + fit.dag().edgeCount()
                + " edges"
            : "DAG given ("
                + dag
                + "): SHD/SID against a truth it was copied from are 0 by"
                + " construction and are not findings");
    fit.info().write(fit.model(), out);
    err.println("wrote " + out);
    err.flush();
    return ExitCodes.OK;
  }
}
