package dev.candela.causal.fit;

import dev.candela.BadInputException;
import dev.candela.causal.graph.Dag;
import dev.candela.causal.model.CausalModel;
import dev.candela.data.CodeTables;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A latent causal model from encoded codes and chosen latent groups (one group Z_I per factor): the
 * group values ({@link LatentScmFit#groupValues}) in factor or standard units, a DAG over the
 * factors that is given or learned ({@link GaussianBicSearch}), a linear-Gaussian fit ({@link
 * LinearGaussianFit}), and the {@link LatentFitInfo} block with each group's levels and alignment.
 */
public final class LatentModelFit {
  private LatentModelFit() {}

  /** How the latent groups are chosen from the IRS matrix. */
  public enum Grouping {
    /** Disjoint groups maximising the summed IRS. */
    ONE_TO_ONE,
    /** The UC selection. */
    UC;

    @Override
    public String toString() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }

  /** The units of the fitted groups. */
  public enum Scale {
    /** Sign, mean and sd of each factor's values. */
    FACTOR,
    /** Zero mean, unit variance. */
    STANDARD;

    @Override
    public String toString() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * One group's summary.
   *
   * @param factor the factor name
   * @param latents the group's latent names
   * @param alignment the correlation ratio η² of the group with its factor
   * @param chance η² expected by chance
   */
  public record GroupSummary(
      String factor, List<String> latents, double alignment, double chance) {}

  /**
   * The fitted model.
   *
   * @param model the linear-Gaussian SCM over the groups
   * @param info the latent block written beside it
   * @param dag the DAG the model was fitted on
   * @param groups one summary per factor
   */
  public record Fit(CausalModel model, LatentFitInfo info, Dag dag, List<GroupSummary> groups) {}

  /**
   * The scored factor column of every DAG variable, checking that each is a factor of the table
   * with more than one value.
   *
   * @param names the DAG's variables
   * @param scoredFactors the factors the scorer kept (non-constant ones)
   * @param factorColumns all factor columns of the table
   * @param dag the DAG source, for messages
   * @param factors the factor file, for messages
   * @return the scored column of each variable
   * @throws BadInputException when a variable is not a factor or is constant
   */
  public static int[] factorColumns(
      List<String> names,
      List<String> scoredFactors,
      List<String> factorColumns,
      String dag,
      Path factors)
      throws BadInputException {
    int[] fcols = new int[names.size()];
    for (int i = 0; i < names.size(); i++) {
      String name = names.get(i);
      if (!factorColumns.contains(name)) {
        throw new BadInputException(
            dag
                + ": DAG variable '"
                + name
                + "' is not a factor of "
                + factors
                + " "
                + factorColumns);
      }
      fcols[i] = scoredFactors.indexOf(name);
      if (fcols[i] < 0) {
        throw new BadInputException(
            dag
                + ": factor '"
                + name
                + "' has a single value in "
                + factors
                + "; it has no latent group");
      }
    }
    return fcols;
  }

  /**
   * The group values ({@link LatentScmFit#groupValues}): one column per factor, in the factor's
   * units or standardised.
   *
   * @param ft the factor table
   * @param lt the latent table
   * @param names the factors, one group each
   * @param groups {@code groups[i]} = the latent columns of factor {@code names[i]}
   * @param scale the units of the groups
   * @return {@code z[row][i]}
   * @throws IllegalArgumentException when the group values cannot be formed
   */
  public static double[][] groupValues(
      CodeTables.FactorTable ft,
      CodeTables.NumericTable lt,
      List<String> names,
      int[][] groups,
      Scale scale) {
    double[][] values = null;
    if (scale == Scale.FACTOR) {
      values = new double[names.size()][];
      for (int i = 0; i < names.size(); i++) {
        int f = ft.columns().indexOf(names.get(i));
        List<Object> vocab = ft.vocabularies().get(f);
        boolean numeric = ft.numeric(f);
        int[] c = ft.codes()[f];
        values[i] = new double[c.length];
        for (int r = 0; r < c.length; r++) {
          values[i][r] = numeric ? ((Number) vocab.get(c[r])).doubleValue() : c[r];
        }
      }
    }
    return LatentScmFit.groupValues(lt.values(), groups, names, values);
  }

  /**
   * Fits the latent model on the group values.
   *
   * @param ft the factor table
   * @param lt the latent table
   * @param names the factors, one group each
   * @param groups {@code groups[i]} = the latent columns of factor {@code names[i]}
   * @param z the group values from {@link #groupValues}
   * @param given the given DAG over the factors, or null to learn it
   * @param dagSource the DAG's source for the latent block (a file name when given)
   * @param grouping how the groups were chosen, as the latent block names it
   * @param shared the warnings about groups sharing a latent
   * @return the fit
   */
  public static Fit fit(
      CodeTables.FactorTable ft,
      CodeTables.NumericTable lt,
      List<String> names,
      int[][] groups,
      double[][] z,
      Dag given,
      String dagSource,
      String grouping,
      List<String> shared) {
    boolean learn = given == null;
    Dag g = learn ? GaussianBicSearch.learn(names, z) : given;
    CausalModel model = LinearGaussianFit.fit(g, z);
    Map<String, List<String>> groupNames = new LinkedHashMap<>();
    Map<String, Map<String, Double>> levels = new LinkedHashMap<>();
    Map<String, Double> alignment = new LinkedHashMap<>();
    Map<String, Double> chance = new LinkedHashMap<>();
    List<GroupSummary> summaries = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      String name = names.get(i);
      int f = ft.columns().indexOf(name);
      List<Object> vocab = ft.vocabularies().get(f);
      int[] c = ft.codes()[f];
      double[] col = new double[z.length];
      for (int r = 0; r < z.length; r++) {
        col[r] = z[r][i];
      }
      double eta = LatentGroups.correlationRatio(col, c, vocab.size());
      double ch = LatentGroups.chanceCorrelationRatio(c, vocab.size());
      double[] lv = LatentGroups.levels(col, c, vocab.size());
      Map<String, Double> byLabel = new LinkedHashMap<>();
      for (int x = 0; x < lv.length; x++) {
        if (!Double.isNaN(lv[x])) {
          byLabel.put(label(vocab.get(x)), lv[x]);
        }
      }
      List<String> gn = Arrays.stream(groups[i]).mapToObj(j -> lt.columns().get(j)).toList();
      groupNames.put(name, gn);
      levels.put(name, byLabel);
      alignment.put(name, eta);
      chance.put(name, ch);
      summaries.add(new GroupSummary(name, gn, eta, ch));
    }
    LatentFitInfo info =
        new LatentFitInfo(
            learn ? "learned" : "given",
            learn ? "gaussian-bic-hill-climbing" : dagSource,
            grouping,
            shared,
            groupNames,
            levels,
            alignment,
            chance);
    return new Fit(model, info, g, List.copyOf(summaries));
  }

  /**
   * A value label as the truth writes it: integral numbers without a decimal point.
   *
   * @param v the value
   * @return the label
   */
  public static String label(Object v) {
    if (v instanceof Number n) {
      double d = n.doubleValue();
      return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
    }
    return String.valueOf(v);
  }
}
