package dev.candela.cli;

import dev.candela.BadInputException;
import dev.candela.MixedRadix;
import dev.candela.causal.fit.SelectionTruth;
import dev.candela.causal.model.CausalModel;
import dev.candela.cli.console.CliCommand;
import dev.candela.data.ConfoundingRules;
import dev.candela.data.FactorSpace;
import dev.candela.data.FactorSpecs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code candela causal truth}: the ground-truth causal Bayesian network over a dataset's factors,
 * derived exactly from its factor specification and confounding rules ({@link SelectionTruth}).
 */
@Command(
    name = "truth",
    description =
        "Write the ground-truth causal Bayesian network over a dataset's factors: the exact"
            + " distribution of the rules-filtered factor product, on the minimal DAG for a causal"
            + " order.")
public final class CausalTruthCommand extends CliCommand {
  @Option(
      names = "--dataset",
      defaultValue = "candle",
      description =
          "Built-in dataset (candle, dsprites, mpi3d, 3dshapes, toy; default ${DEFAULT-VALUE}).")
  String dataset;

  @Option(
      names = "--spec",
      description = "A factor specification JSON instead of the built-in one.")
  Path specFile;

  @Option(
      names = "--rules",
      description =
          "Confounding rules: a rules file, a dataset name, or none for the unfiltered product"
              + " (default: candle's rules for candle, whose published set is filtered; none for the"
              + " other datasets, which are full products).")
  String rules;

  @Option(names = "--variant", description = "Rules variant (default: the file's default).")
  String variant;

  @Option(
      names = "--order",
      split = ",",
      description = "Causal order of the factors (default: the specification's order).")
  List<String> order;

  @Option(
      names = "--labels",
      defaultValue = "spec",
      description =
          "Value labels: spec (the specification's values) or codes (0..K-1, as in factor CSVs;"
              + " default ${DEFAULT-VALUE}).")
  Labels labels;

  /** The value labels of {@code --labels}. */
  enum Labels {
    SPEC,
    CODES;

    @Override
    public String toString() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  @Mixin ModelJsonOutOption modelOut;

  /** Creates the command. */
  public CausalTruthCommand() {}

  @Override
  public Integer call() throws BadInputException {
    FactorSpace space =
        (specFile == null ? FactorSpecs.fromResource(dataset) : FactorSpecs.load(specFile)).space();
    String source =
        specFile == null ? "classpath:datasets/specs/" + dataset + ".json" : specFile.toString();
    String ruleArg =
        rules == null ? (specFile == null && dataset.equals("candle") ? "candle" : "none") : rules;
    ConfoundingRules.Bound bound;
    try {
      bound =
          ruleArg.equals("none") ? null : ConfoundingRules.forDataset(ruleArg, variant).bind(space);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(
          ruleArg + ": rules do not fit " + source + " (" + e.getMessage() + ")", e);
    }
    List<String> names = space.names();
    int d = names.size();
    int[] perm = new int[d];
    if (order == null) {
      for (int i = 0; i < d; i++) {
        perm[i] = i;
      }
    } else {
      if (order.size() != d || order.stream().distinct().count() != d) {
        throw new BadInputException(
            "--order "
                + String.join(",", order)
                + " must list each factor of "
                + source
                + " once: "
                + names);
      }
      for (int k = 0; k < d; k++) {
        perm[k] = names.indexOf(order.get(k));
        if (perm[k] < 0) {
          throw new BadInputException(
              "--order: unknown factor '" + order.get(k) + "' (" + source + " has " + names + ")");
        }
      }
    }
    List<List<String>> vals = new ArrayList<>();
    long states = 1;
    for (FactorSpace.Factor f : space.factors()) {
      List<String> l = new ArrayList<>();
      for (int v = 0; v < f.size(); v++) {
        l.add(labels == Labels.CODES ? Integer.toString(v) : String.valueOf(f.values().get(v)));
      }
      vals.add(l);
      states *= f.size();
    }
    if (states > SelectionTruth.MAX_STATES) {
      throw new BadInputException(
          source
              + ": the factor product has "
              + states
              + " combinations, more than "
              + SelectionTruth.MAX_STATES);
    }
    boolean[] allowed = new boolean[(int) states];
    int[] sizes = space.sizes();
    int support = 0;
    for (int flat = 0; flat < allowed.length; flat++) {
      allowed[flat] = bound == null || bound.allows(MixedRadix.digits(flat, sizes));
      support += allowed[flat] ? 1 : 0;
    }
    CausalModel m;
    try {
      m = SelectionTruth.fromSupport(names, vals, allowed, perm);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(source + ": " + e.getMessage(), e);
    }
    modelOut.write(m);
    var err = err();
    err.printf(
        "%s: %d of %d factor combinations allowed%s%n",
        space.name(),
        support,
        states,
        bound == null
            ? ""
            : " (rules " + bound.rules().dataset() + ", variant " + bound.rules().variant() + ")");
    for (int i = 0; i < m.size(); i++) {
      err.printf("  %s <- %s%n", m.variable(i).name(), m.variable(i).parents());
    }
    out().println(modelOut.path());
    return 0;
  }
}
