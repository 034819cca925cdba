package dev.candela.causal.graph;

import java.util.List;

/** The check every two-graph measure (SHD, SID, AID, edge statistics) makes first. */
final class SameVariables {
  private SameVariables() {}

  /**
   * Checks that two graphs are over the same variables in the same order.
   *
   * @param truth the true graph's variable names
   * @param other the compared graph's variable names
   * @param otherName what the compared graph is called in messages ({@code guess}, {@code
   *     prediction})
   * @throws IllegalArgumentException naming the sizes or the first variable that differs
   */
  static void check(List<String> truth, List<String> other, String otherName) {
    if (truth.size() != other.size()) {
      throw new IllegalArgumentException(
          "shape mismatch: truth is "
              + truth.size()
              + "x"
              + truth.size()
              + ", "
              + otherName
              + " is "
              + other.size()
              + "x"
              + other.size());
    }
    for (int i = 0; i < truth.size(); i++) {
      if (!truth.get(i).equals(other.get(i))) {
        throw new IllegalArgumentException(
            "variable "
                + i
                + " is '"
                + truth.get(i)
                + "' in truth but '"
                + other.get(i)
                + "' in "
                + otherName);
      }
    }
  }
}
