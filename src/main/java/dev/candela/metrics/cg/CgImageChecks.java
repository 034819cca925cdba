package dev.candela.metrics.cg;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Checks of the images CG classifies, per evaluated factor and per role (the reconstruction {@code
 * x̂ = g(z)}, the intervention {@code x_I} and its complement {@code x_\I}): the classifier's mean
 * confidence (the largest probability of that factor's head, whatever the value) and the mean and
 * standard deviation of the pixel mass (the sum of an image's pixel values). CG reads the
 * classifier's probability of the true value on these images; an image the classifier is unsure of,
 * or one unlike the data (much more or less ink than real images), makes that probability say
 * little. {@link #warnings} compares them to the real images.
 *
 * @param samples the samples the sums cover (counterfactuals: the chunks computed in this run;
 *     chunks read back from files carry no images)
 * @param factors per evaluated factor, in factor order
 */
public record CgImageChecks(long samples, List<Factor> factors) {

  /**
   * Mean confidence on {@code x_I} or {@code x_\I} below which the classifier counts as unsure of
   * the counterfactual images (0.5: below it, the classifier's top value has less than even odds).
   */
  public static final double MIN_CONFIDENCE = 0.5;

  /**
   * How far, in standard deviations of the real images' pixel mass, a role's mean pixel mass may
   * lie from the real images' mean before its images count as unlike the data. Measured on the
   * shipped dSprites VAEs (docs/cg.md, image checks; real images 174.6 ± 85.4): reconstructions
   * within 0.03 sd, the β-TCVAE's and ss-β-VAE's counterfactuals within 0.47 sd, the β-VAE's
   * max-deviation complements x_\I at +1.55 and +1.9 sd (306.8 and 335.9).
   */
  public static final double MASS_SHIFT_SD = 1.0;

  /** Copies. */
  public CgImageChecks {
    factors = List.copyOf(factors);
  }

  /**
   * One role's numbers.
   *
   * @param meanConfidence mean over images of the largest probability of the factor's head
   * @param meanPixelMass mean over images of the sum of pixel values
   * @param sdPixelMass standard deviation over images of the pixel mass (n − 1; 0 for one image)
   */
  public record Role(double meanConfidence, double meanPixelMass, double sdPixelMass) {}

  /**
   * One factor's numbers.
   *
   * @param factor the factor index
   * @param name its name
   * @param reconstruction on {@code x̂}
   * @param intervened on {@code x_I}
   * @param complement on {@code x_\I}
   */
  public record Factor(
      int factor, String name, Role reconstruction, Role intervened, Role complement) {
    /** Checks. */
    public Factor {
      Objects.requireNonNull(name, "name");
    }
  }

  /**
   * The warnings: per factor, {@code x_I} or {@code x_\I} with mean confidence below {@link
   * #MIN_CONFIDENCE}, and any role whose mean pixel mass lies more than {@link #MASS_SHIFT_SD}
   * standard deviations of the real images' mass from their mean.
   *
   * @param realMean the real images' mean pixel mass
   * @param realSd the real images' pixel-mass standard deviation
   * @return the warnings, naming factor, role, value and threshold
   */
  public List<String> warnings(double realMean, double realSd) {
    List<String> out = new ArrayList<>();
    for (Factor f : factors) {
      Role[] roles = {f.reconstruction(), f.intervened(), f.complement()};
      String[] names = {"x̂ (reconstruction)", "x_I", "x_\\I"};
      for (int r = 1; r < 3; r++) {
        if (roles[r].meanConfidence() < MIN_CONFIDENCE) {
          out.add(
              String.format(
                  Locale.ROOT,
                  "cg.%s: the classifier is unsure of the counterfactual images %s of factor '%s'"
                      + " (mean confidence %.3f < %.2f): their probabilities say little",
                  f.name(),
                  names[r],
                  f.name(),
                  roles[r].meanConfidence(),
                  MIN_CONFIDENCE));
        }
      }
      for (int r = 0; r < 3; r++) {
        double lo = realMean - MASS_SHIFT_SD * realSd;
        double hi = realMean + MASS_SHIFT_SD * realSd;
        double v = roles[r].meanPixelMass();
        if (v < lo || v > hi) {
          out.add(
              String.format(
                  Locale.ROOT,
                  "cg.%s: the images %s of factor '%s' are unlike the data: mean pixel mass %.1f"
                      + " outside the real images' %.1f ± %.1f x %.1f = [%.1f, %.1f]",
                  f.name(),
                  names[r],
                  f.name(),
                  v,
                  realMean,
                  MASS_SHIFT_SD,
                  realSd,
                  lo,
                  hi));
        }
      }
    }
    return out;
  }

  /**
   * Running sums of the checks over chunks (what {@link CgAccumulator} keeps): per evaluated factor
   * and role, Σ confidence, Σ mass and Σ mass², and the image count.
   */
  public static final class Sums {
    private final int[] factors;
    private final List<String> names;
    private final double[][] conf;
    private final double[][] mass;
    private final double[][] mass2;
    private long samples;

    /**
     * Empty sums.
     *
     * @param factors the evaluated factors' indices
     * @param names their names, one per index
     */
    public Sums(int[] factors, List<String> names) {
      this.factors = factors.clone();
      this.names = List.copyOf(names);
      this.conf = new double[factors.length][3];
      this.mass = new double[factors.length][3];
      this.mass2 = new double[factors.length][3];
    }

    /**
     * Adds one image's numbers.
     *
     * @param k the evaluated factor's position
     * @param role 0 = reconstruction, 1 = x_I, 2 = x_\I
     * @param confidence the largest probability of the factor's head
     * @param pixelMass the image's pixel sum
     */
    public void add(int k, int role, double confidence, double pixelMass) {
      conf[k][role] += confidence;
      mass[k][role] += pixelMass;
      mass2[k][role] += pixelMass * pixelMass;
    }

    /**
     * Counts samples whose images were added.
     *
     * @param n samples
     */
    public void addSamples(long n) {
      samples += n;
    }

    /**
     * Adds other sums of the same factors.
     *
     * @param o the other sums
     */
    public void add(Sums o) {
      if (o.factors.length != factors.length) {
        throw new IllegalArgumentException(
            "image sums of " + o.factors.length + " factors, expected " + factors.length);
      }
      for (int k = 0; k < factors.length; k++) {
        for (int r = 0; r < 3; r++) {
          conf[k][r] += o.conf[k][r];
          mass[k][r] += o.mass[k][r];
          mass2[k][r] += o.mass2[k][r];
        }
      }
      samples += o.samples;
    }

    /**
     * The samples covered.
     *
     * @return the count
     */
    public long samples() {
      return samples;
    }

    /**
     * The checks so far.
     *
     * @return the checks (NaN means when no sample was added)
     */
    public CgImageChecks checks() {
      List<Factor> out = new ArrayList<>();
      for (int k = 0; k < factors.length; k++) {
        Role[] r = new Role[3];
        for (int role = 0; role < 3; role++) {
          double n = samples;
          double mean = mass[k][role] / n;
          double var = n > 1 ? Math.max(0, (mass2[k][role] - n * mean * mean) / (n - 1)) : 0.0;
          r[role] = new Role(conf[k][role] / n, mean, Math.sqrt(var));
        }
        out.add(new Factor(factors[k], names.get(k), r[0], r[1], r[2]));
      }
      return new CgImageChecks(samples, out);
    }
  }
}
