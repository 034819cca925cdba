package dev.candela.causal.fit;

/**
 * Exact minimum-cost perfect assignment on a square cost matrix: the Hungarian method with
 * potentials and shortest augmenting paths (Kuhn 1955, Munkres 1957; the O(n³) form of Jonker &amp;
 * Volgenant's shortest-augmenting-path scheme).
 */
public final class Hungarian {
  private Hungarian() {}

  /**
   * Solves {@code min_σ Σ_i cost[i][σ(i)]} over permutations σ.
   *
   * @param cost an {@code n × n} matrix of finite costs
   * @return {@code σ}: the column assigned to each row
   */
  public static int[] solve(double[][] cost) {
    int n = cost.length;
    for (double[] r : cost) {
      if (r.length != n) {
        throw new IllegalArgumentException("cost matrix is not square: " + n + " x " + r.length);
      }
    }
    // 1-based arrays; column 0 is a virtual column used as the start of each augmenting path.
    double[] u = new double[n + 1];
    double[] v = new double[n + 1];
    int[] matchCol = new int[n + 1]; // matchCol[j] = row matched to column j
    int[] way = new int[n + 1];
    double[] minv = new double[n + 1];
    boolean[] used = new boolean[n + 1];
    for (int i = 1; i <= n; i++) {
      matchCol[0] = i;
      int j0 = 0;
      java.util.Arrays.fill(minv, Double.POSITIVE_INFINITY);
      java.util.Arrays.fill(used, false);
      do {
        used[j0] = true;
        int i0 = matchCol[j0];
        double delta = Double.POSITIVE_INFINITY;
        int j1 = -1;
        double[] row = cost[i0 - 1];
        double ui0 = u[i0];
        for (int j = 1; j <= n; j++) {
          if (!used[j]) {
            double cur = row[j - 1] - ui0 - v[j];
            if (cur < minv[j]) {
              minv[j] = cur;
              way[j] = j0;
            }
            if (minv[j] < delta) {
              delta = minv[j];
              j1 = j;
            }
          }
        }
        for (int j = 0; j <= n; j++) {
          if (used[j]) {
            u[matchCol[j]] += delta;
            v[j] -= delta;
          } else {
            minv[j] -= delta;
          }
        }
        j0 = j1;
      } while (matchCol[j0] != 0);
      do {
        int j1 = way[j0];
        matchCol[j0] = matchCol[j1];
        j0 = j1;
      } while (j0 != 0);
    }
    int[] assign = new int[n];
    for (int j = 1; j <= n; j++) {
      assign[matchCol[j] - 1] = j - 1;
    }
    return assign;
  }
}
