package dev.candela.causal.model;

import java.util.List;

/**
 * One variable of a causal model.
 *
 * @param name the unique name
 * @param parents the names of its parents (order matters for weights and CPT rows)
 * @param hidden whether the variable is latent (excluded from observed data and distances)
 * @param mechanism how it is produced from its parents
 */
public record Variable(String name, List<String> parents, boolean hidden, Mechanism mechanism) {

  /** Validates and copies. */
  public Variable {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("variable name is empty");
    }
    parents = List.copyOf(parents);
    if (mechanism == null) {
      throw new IllegalArgumentException("variable '" + name + "' has no mechanism");
    }
  }

  /**
   * Whether the variable is discrete (has a CPT).
   *
   * @return true for a CPT mechanism
   */
  public boolean isDiscrete() {
    return mechanism instanceof Cpt;
  }
}
