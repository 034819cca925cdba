package dev.candela.causal.query;

import dev.candela.causal.model.AdditiveNoise;
import dev.candela.causal.model.CausalModel;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.SingularValueDecomposition;

/**
 * Closed-form distributions of linear-Gaussian SCMs. Writing the model as {@code x = c + Bx + u}
 * with {@code u ~ N(0, D)}, a hard intervention zeroes the intervened rows of {@code B} and {@code
 * D} and sets their {@code c} to the forced value; then {@code x = A(c + u)} with {@code A = (I −
 * B)⁻¹}, mean {@code Ac} and covariance {@code A D Aᵀ}.
 */
public final class LinearGaussian {
  private LinearGaussian() {}

  /**
   * A Gaussian over all columns.
   *
   * @param mean the mean vector
   * @param cov the covariance matrix
   */
  public record Gaussian(double[] mean, double[][] cov) {
    /** Copies. */
    public Gaussian {
      mean = mean.clone();
      double[][] c = new double[cov.length][];
      for (int i = 0; i < cov.length; i++) {
        c[i] = cov[i].clone();
      }
      cov = c;
    }

    /**
     * The Gaussian of some columns.
     *
     * @param cols the columns
     * @return the marginal
     */
    public Gaussian marginal(int[] cols) {
      double[] m = new double[cols.length];
      double[][] c = new double[cols.length][cols.length];
      for (int a = 0; a < cols.length; a++) {
        m[a] = mean[cols[a]];
        for (int b = 0; b < cols.length; b++) {
          c[a][b] = cov[cols[a]][cols[b]];
        }
      }
      return new Gaussian(m, c);
    }
  }

  /**
   * Checks that every mechanism is linear-Gaussian.
   *
   * @param m the model
   * @throws IllegalArgumentException naming the first other variable
   */
  public static void check(CausalModel m) {
    for (int i = 0; i < m.size(); i++) {
      if (!(m.variable(i).mechanism() instanceof AdditiveNoise a && a.isLinearGaussian())) {
        throw new IllegalArgumentException(
            "variable '" + m.variable(i).name() + "' is not linear-Gaussian");
      }
    }
  }

  /**
   * The matrix {@code A = (I − B)⁻¹} of the intervened model, by forward substitution in
   * topological order: row {@code i} of {@code A} is {@code e_i + Σ_{p ∈ pa(i)} w_{pi} A_p}.
   *
   * @param m a linear-Gaussian model
   * @param iv the intervention
   * @return {@code A}
   */
  public static double[][] mixing(CausalModel m, Intervention iv) {
    check(m);
    int d = m.size();
    boolean[] forced = iv.mask(d);
    double[][] a = new double[d][d];
    for (int i : m.topologicalOrder()) {
      a[i][i] = 1;
      if (forced[i]) {
        continue;
      }
      AdditiveNoise mech = (AdditiveNoise) m.variable(i).mechanism();
      int[] ps = m.parents(i);
      for (int j = 0; j < ps.length; j++) {
        double w = mech.weight(j);
        for (int k = 0; k < d; k++) {
          a[i][k] += w * a[ps[j]][k];
        }
      }
    }
    return a;
  }

  /**
   * The Gaussian over all columns under an intervention.
   *
   * @param m a linear-Gaussian model
   * @param iv the intervention
   * @return mean and covariance
   */
  public static Gaussian distribution(CausalModel m, Intervention iv) {
    Sampler.checkIntervention(m, iv);
    double[][] a = mixing(m, iv);
    int d = m.size();
    double[] c = offsets(m, iv);
    double[] var = noiseVariances(m, iv);
    double[] mean = mul(a, c);
    double[][] cov = new double[d][d];
    for (int i = 0; i < d; i++) {
      for (int j = 0; j < d; j++) {
        double s = 0;
        for (int k = 0; k < d; k++) {
          s += a[i][k] * var[k] * a[j][k];
        }
        cov[i][j] = s;
      }
    }
    return new Gaussian(mean, cov);
  }

  /**
   * The counterfactual Gaussian over all columns: abduction of {@code u | x_E = e} (Gaussian
   * conditioning in the observational model, pseudo-inverse for singular cases), then prediction
   * {@code x' = A'(c' + u')} in the intervened model, where intervened components of {@code u} are
   * dropped.
   *
   * @param m a linear-Gaussian model
   * @param evCols the evidence columns (may be empty)
   * @param evVals the evidence values
   * @param iv the intervention
   * @return the counterfactual mean and covariance
   */
  public static Gaussian counterfactual(
      CausalModel m, int[] evCols, double[] evVals, Intervention iv) {
    Sampler.checkIntervention(m, iv);
    int d = m.size();
    double[][] a0 = mixing(m, Intervention.none());
    double[] c0 = offsets(m, Intervention.none());
    double[] var = noiseVariances(m, Intervention.none());
    double[] mu0 = mul(a0, c0);
    // Posterior of u given x_E = e: u ~ N(mu_u, S_u).
    double[] muU = new double[d];
    double[][] sU = new double[d][d];
    for (int k = 0; k < d; k++) {
      sU[k][k] = var[k];
    }
    int e = evCols.length;
    if (e > 0) {
      double[][] dat = new double[d][e]; // D A_E^T
      for (int k = 0; k < d; k++) {
        for (int j = 0; j < e; j++) {
          dat[k][j] = var[k] * a0[evCols[j]][k];
        }
      }
      double[][] sEE = new double[e][e];
      for (int i = 0; i < e; i++) {
        for (int j = 0; j < e; j++) {
          double s = 0;
          for (int k = 0; k < d; k++) {
            s += a0[evCols[i]][k] * dat[k][j];
          }
          sEE[i][j] = s;
        }
      }
      RealMatrix inv =
          new SingularValueDecomposition(new Array2DRowRealMatrix(sEE)).getSolver().getInverse();
      double[] resid = new double[e];
      for (int j = 0; j < e; j++) {
        resid[j] = evVals[j] - mu0[evCols[j]];
      }
      double[][] gain = new double[d][e]; // D A_E^T S_EE^+
      for (int k = 0; k < d; k++) {
        for (int j = 0; j < e; j++) {
          double s = 0;
          for (int l = 0; l < e; l++) {
            s += dat[k][l] * inv.getEntry(l, j);
          }
          gain[k][j] = s;
        }
      }
      for (int k = 0; k < d; k++) {
        double s = 0;
        for (int j = 0; j < e; j++) {
          s += gain[k][j] * resid[j];
        }
        muU[k] = s;
        for (int l = 0; l < d; l++) {
          double t = 0;
          for (int j = 0; j < e; j++) {
            t += gain[k][j] * dat[l][j];
          }
          sU[k][l] -= t;
        }
      }
    }
    boolean[] forced = iv.mask(d);
    double[][] a1 = mixing(m, iv);
    double[] c1 = offsets(m, iv);
    double[] shift = new double[d];
    for (int k = 0; k < d; k++) {
      shift[k] = c1[k] + (forced[k] ? 0 : muU[k]);
    }
    double[] mean = mul(a1, shift);
    double[][] cov = new double[d][d];
    for (int i = 0; i < d; i++) {
      for (int j = 0; j < d; j++) {
        double s = 0;
        for (int k = 0; k < d; k++) {
          if (forced[k] || a1[i][k] == 0) {
            continue;
          }
          for (int l = 0; l < d; l++) {
            if (!forced[l]) {
              s += a1[i][k] * sU[k][l] * a1[j][l];
            }
          }
        }
        cov[i][j] = s;
      }
    }
    return new Gaussian(mean, cov);
  }

  private static double[] offsets(CausalModel m, Intervention iv) {
    int d = m.size();
    boolean[] forced = iv.mask(d);
    double[] c = new double[d];
    for (int i = 0; i < d; i++) {
      c[i] = forced[i] ? iv.valueOf(i) : ((AdditiveNoise) m.variable(i).mechanism()).intercept();
    }
    return c;
  }

  private static double[] noiseVariances(CausalModel m, Intervention iv) {
    int d = m.size();
    boolean[] forced = iv.mask(d);
    double[] v = new double[d];
    for (int i = 0; i < d; i++) {
      v[i] = forced[i] ? 0 : ((AdditiveNoise) m.variable(i).mechanism()).noise().variance();
    }
    return v;
  }

  private static double[] mul(double[][] a, double[] x) {
    double[] y = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      double s = 0;
      for (int k = 0; k < x.length; k++) {
        s += a[i][k] * x[k];
      }
      y[i] = s;
    }
    return y;
  }
}
