package dev.candela.causal.distance;

import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.Cpt;
import java.util.List;

/**
 * The correspondence between the observed variables of a true model and a compared model, by name.
 * Both must observe the same set of names; discrete variables must list the same values in the same
 * order.
 *
 * @param names the observed names, in the true model's column order
 * @param truthCols the columns of those names in the true model
 * @param modelCols the columns of those names in the compared model
 */
public record Alignment(List<String> names, int[] truthCols, int[] modelCols) {

  /** Copies. */
  public Alignment {
    names = List.copyOf(names);
    truthCols = truthCols.clone();
    modelCols = modelCols.clone();
  }

  /**
   * Aligns two models.
   *
   * @param truth the true model
   * @param model the compared model
   * @return the alignment
   * @throws IllegalArgumentException when the observed names or the value lists differ; the message
   *     names the variable
   */
  public static Alignment of(CausalModel truth, CausalModel model) {
    return of(truth, model, false);
  }

  /**
   * Aligns two models for sample-based comparisons (the ladder distances), where a discrete
   * variable of the truth may face a continuous one in the compared model: the truth's value index
   * {@code 0..K−1} is then the number both models are sampled, intervened on and conditioned on
   * (for example a ground-truth network over factor codes against a latent SCM calibrated to those
   * codes, see {@code LatentScmFit}).
   *
   * @param truth the true model
   * @param model the compared model
   * @return the alignment
   * @throws IllegalArgumentException as {@link #of(CausalModel, CausalModel)}, and for a continuous
   *     truth variable facing a discrete one (the truth's real values cannot index its CPT)
   */
  public static Alignment forSamples(CausalModel truth, CausalModel model) {
    return of(truth, model, true);
  }

  private static Alignment of(CausalModel truth, CausalModel model, boolean discreteTruthOk) {
    List<String> tn = truth.observedNames();
    List<String> mn = model.observedNames();
    if (!new java.util.HashSet<>(tn).equals(new java.util.HashSet<>(mn))) {
      throw new IllegalArgumentException(
          "the models observe different variables: " + tn + " and " + mn);
    }
    int[] tc = truth.observed();
    int[] mc = new int[tc.length];
    for (int j = 0; j < tc.length; j++) {
      String name = tn.get(j);
      mc[j] = model.indexOf(name);
      boolean td = truth.variable(tc[j]).mechanism() instanceof Cpt;
      boolean md = model.variable(mc[j]).mechanism() instanceof Cpt;
      if (td && !md && discreteTruthOk) {
        continue;
      }
      if (td != md) {
        throw new IllegalArgumentException(
            "variable '"
                + name
                + "' is "
                + (td ? "discrete" : "continuous")
                + " in the truth but "
                + (md ? "discrete" : "continuous")
                + " in the model");
      }
      if (td) {
        List<String> tv = ((Cpt) truth.variable(tc[j]).mechanism()).values();
        List<String> mv = ((Cpt) model.variable(mc[j]).mechanism()).values();
        if (!tv.equals(mv)) {
          throw new IllegalArgumentException(
              "variable '" + name + "' has values " + tv + " in the truth but " + mv);
        }
      }
    }
    return new Alignment(tn, tc, mc);
  }

  /**
   * The number of observed variables.
   *
   * @return the count
   */
  public int size() {
    return names.size();
  }

  @Override
  public int[] truthCols() {
    return truthCols.clone();
  }

  @Override
  public int[] modelCols() {
    return modelCols.clone();
  }

  /**
   * The truth column of observed variable {@code j}.
   *
   * @param j the position in {@link #names()}
   * @return the column
   */
  public int truthCol(int j) {
    return truthCols[j];
  }

  /**
   * The model column of observed variable {@code j}.
   *
   * @param j the position in {@link #names()}
   * @return the column
   */
  public int modelCol(int j) {
    return modelCols[j];
  }
}
