package dev.candela.metrics.cg;

import dev.candela.metrics.LatentStats;
import dev.candela.metrics.stats.Arrays2;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The streaming form of the counterfactual metric ({@link Cg}): evaluates chunks of samples, keeps
 * running per-factor sums, and gives the {@link CgSummary} of everything added so far. A long job
 * calls {@link #process} per chunk (writing the returned terms out as it goes) and, when resuming,
 * {@link #add} with the terms of chunks it had finished before. Sums run in sample order, so the
 * summary of chunks added in order equals {@link Cg#compute} on all samples at once, bit for bit.
 *
 * <p>Batching: a chunk's samples are taken in groups of {@code max(1, maxBatch / (1 + 2E))} (E =
 * evaluated factors); a group's latent matrix holds, per sample, the code itself and for each
 * evaluated factor its two interventions, and is decoded and classified in calls of at most {@code
 * maxBatch} rows. Never one sample at a time unless {@code maxBatch} asks for it.
 *
 * <p>The baseline statistics are fixed at construction: they describe the whole evaluation set, not
 * the chunk, so results do not depend on the chunking. Not thread-safe.
 */
public final class CgAccumulator {

  private final LatentDecoder decoder;
  private final FactorProbabilities classifier;
  private final CgOptions options;
  private final LatentStats stats;
  private final int[] factors;
  private final boolean[][] inSet;
  private final int numLatents;
  private final double[] sumTerm;
  private final double[] sumIceI;
  private final double[] sumIceC;
  private long count;
  // Image checks of the chunks computed here (process); chunks added from files carry no images.
  private CgImageChecks.Sums imageSums;

  /**
   * An accumulator.
   *
   * @param decoder the generator g
   * @param classifier the factor classifier
   * @param options sets, factors, baseline and batch size
   * @param stats the evaluation set's latent statistics (defines the latent dimension)
   */
  public CgAccumulator(
      LatentDecoder decoder, FactorProbabilities classifier, CgOptions options, LatentStats stats) {
    this.decoder = Objects.requireNonNull(decoder, "decoder");
    this.classifier = Objects.requireNonNull(classifier, "classifier");
    this.options = Objects.requireNonNull(options, "options");
    this.stats = Objects.requireNonNull(stats, "stats");
    this.numLatents = stats.numLatents();
    this.factors = options.factors();
    int[][] sets = options.sets();
    this.inSet = new boolean[sets.length][numLatents];
    for (int f = 0; f < sets.length; f++) {
      for (int j : sets[f]) {
        if (j >= numLatents) {
          throw new IllegalArgumentException(
              "set of factor "
                  + f
                  + " ("
                  + options.factorNames().get(f)
                  + ") references latent "
                  + j
                  + ", but there are only "
                  + numLatents
                  + " latents (0.."
                  + (numLatents - 1)
                  + ")");
        }
        inSet[f][j] = true;
      }
    }
    this.sumTerm = new double[factors.length];
    this.sumIceI = new double[factors.length];
    this.sumIceC = new double[factors.length];
  }

  /**
   * The options.
   *
   * @return the options
   */
  public CgOptions options() {
    return options;
  }

  /**
   * The baseline statistics.
   *
   * @return the statistics
   */
  public LatentStats stats() {
    return stats;
  }

  /**
   * The number of samples added so far.
   *
   * @return the count
   */
  public long count() {
    return count;
  }

  /**
   * Evaluates a chunk and adds it to the running sums.
   *
   * @param z {@code z[sample][latent]}, finite, as many latents as the statistics
   * @param codes {@code codes[factor][sample]}, the true factor codes (one row per classifier
   *     factor)
   * @return the chunk's per-sample terms
   */
  public CgBatch process(float[][] z, int[][] codes) {
    if (imageSums == null) {
      List<String> names = new ArrayList<>();
      for (int f : factors) {
        names.add(options.factorNames().get(f));
      }
      imageSums = new CgImageChecks.Sums(factors, names);
    }
    CgBatch b = evaluate(z, codes, imageSums);
    add(b);
    return b;
  }

  /**
   * The image checks (classifier confidence, pixel mass per factor and role) of the samples this
   * accumulator computed with {@link #process}; samples added with {@link #add} (terms read back
   * from files) are not covered, since their images are not decoded again.
   *
   * @return the checks, or null when no sample was processed here
   */
  public CgImageChecks imageChecks() {
    return imageSums == null || imageSums.samples() == 0 ? null : imageSums.checks();
  }

  /**
   * Adds terms computed earlier (for example read back from a finished chunk when resuming).
   *
   * @param batch terms of the evaluated factors, in factor order
   */
  public void add(CgBatch batch) {
    List<CgFactorTerms> fs = batch.factors();
    if (fs.size() != factors.length) {
      throw new IllegalArgumentException(
          "batch has " + fs.size() + " factors, the accumulator evaluates " + factors.length);
    }
    for (int k = 0; k < factors.length; k++) {
      CgFactorTerms t = fs.get(k);
      if (t.factor() != factors[k]) {
        throw new IllegalArgumentException(
            "batch factor " + k + " is factor " + t.factor() + ", expected " + factors[k]);
      }
      for (int s = 0; s < batch.numSamples(); s++) {
        double a = t.iceIntervened(s);
        double c = t.iceComplement(s);
        sumIceI[k] += a;
        sumIceC[k] += c;
        sumTerm[k] += Math.abs(a - c);
      }
    }
    count += batch.numSamples();
  }

  /**
   * The score of everything added so far.
   *
   * @return the summary
   * @throws IllegalStateException when nothing was added
   */
  public CgSummary summary() {
    if (count == 0) {
      throw new IllegalStateException("no samples were added");
    }
    List<CgSummary.FactorScore> out = new ArrayList<>();
    double total = 0;
    for (int k = 0; k < factors.length; k++) {
      int f = factors[k];
      double cg = sumTerm[k] / count;
      total += cg;
      out.add(
          new CgSummary.FactorScore(
              f,
              options.factorNames().get(f),
              Arrays2.list(options.set(f)),
              cg,
              sumIceI[k] / count,
              sumIceC[k] / count,
              count));
    }
    return new CgSummary(total / factors.length, options.baseline(), count, out);
  }

  /**
   * Evaluates a chunk without adding it.
   *
   * @param z {@code z[sample][latent]}
   * @param codes {@code codes[factor][sample]}
   * @return the chunk's per-sample terms
   */
  public CgBatch evaluate(float[][] z, int[][] codes) {
    return evaluate(z, codes, null);
  }

  /** {@link #evaluate(float[][], int[][])}, adding the image checks to {@code checks} if given. */
  /**
   * Refuses a latent row of another length ({@code latent row S has L values, WANT D}) or with a
   * value that is not finite ({@code latent value V at sample S, latent J is not finite}).
   *
   * @param row the row
   * @param sample its sample index, for the message
   * @param latents the length it must have
   * @param want the words before that length in the message, e.g. {@code "expected "}
   */
  static void checkLatentRow(float[] row, int sample, int latents, String want) {
    if (row.length != latents) {
      throw new IllegalArgumentException(
          "latent row " + sample + " has " + row.length + " values, " + want + latents);
    }
    for (int j = 0; j < latents; j++) {
      if (!Float.isFinite(row[j])) {
        throw new IllegalArgumentException(
            "latent value " + row[j] + " at sample " + sample + ", latent " + j + " is not finite");
      }
    }
  }

  private CgBatch evaluate(float[][] z, int[][] codes, CgImageChecks.Sums checks) {
    int n = z.length;
    int numFactors = options.numFactors();
    if (codes.length != numFactors) {
      throw new IllegalArgumentException(
          "factor codes have " + codes.length + " factors, the sets have " + numFactors);
    }
    for (int f = 0; f < numFactors; f++) {
      if (codes[f].length != n) {
        throw new IllegalArgumentException(
            "factor " + f + " has " + codes[f].length + " codes for " + n + " latent rows");
      }
    }
    for (int s = 0; s < n; s++) {
      checkLatentRow(z[s], s, numLatents, "expected ");
    }
    int e = factors.length;
    int perSample = 1 + 2 * e;
    double[][] pHat = new double[e][n];
    double[][] pI = new double[e][n];
    double[][] pC = new double[e][n];
    int groupSize = Math.max(1, options.maxBatch() / perSample);
    int vol = decoder.imageVolume();
    float[] baseline = new float[numLatents];
    for (int g0 = 0; g0 < n; g0 += groupSize) {
      int gn = Math.min(groupSize, n - g0);
      float[][] rows = new float[gn * perSample][];
      for (int s = 0; s < gn; s++) {
        float[] own = z[g0 + s];
        for (int j = 0; j < numLatents; j++) {
          baseline[j] = (float) options.baseline().value(own[j], stats, j);
        }
        int base = s * perSample;
        rows[base] = own.clone();
        for (int k = 0; k < e; k++) {
          boolean[] mask = inSet[factors[k]];
          float[] a = own.clone();
          float[] c = own.clone();
          for (int j = 0; j < numLatents; j++) {
            if (mask[j]) {
              a[j] = baseline[j];
            } else {
              c[j] = baseline[j];
            }
          }
          rows[base + 1 + 2 * k] = a;
          rows[base + 2 + 2 * k] = c;
        }
      }
      for (int r0 = 0; r0 < rows.length; r0 += options.maxBatch()) {
        int rn = Math.min(options.maxBatch(), rows.length - r0);
        float[][] slice = rows.length == rn ? rows : Arrays.copyOfRange(rows, r0, r0 + rn);
        float[] images = decoder.decodeChecked(slice);
        float[][][] p = classifier.probabilities(images, rn);
        if (p == null || p.length != numFactors) {
          throw new IllegalArgumentException(
              "classifier returned probabilities for "
                  + (p == null ? "no" : String.valueOf(p.length))
                  + " factors, the sets have "
                  + numFactors);
        }
        if (checks != null) {
          imageChecks(checks, p, images, r0, rn, perSample, vol);
        }
        for (int r = 0; r < rn; r++) {
          int row = r0 + r;
          int s = row / perSample;
          int role = row % perSample;
          int sample = g0 + s;
          if (role == 0) {
            for (int k = 0; k < e; k++) {
              pHat[k][sample] = probability(p, factors[k], r, rn, codes, sample);
            }
          } else {
            int k = (role - 1) / 2;
            double v = probability(p, factors[k], r, rn, codes, sample);
            if ((role - 1) % 2 == 0) {
              pI[k][sample] = v;
            } else {
              pC[k][sample] = v;
            }
          }
        }
      }
    }
    if (checks != null) {
      checks.addSamples(n);
    }
    List<CgFactorTerms> out = new ArrayList<>(e);
    for (int k = 0; k < e; k++) {
      int f = factors[k];
      out.add(
          new CgFactorTerms(
              f, options.factorNames().get(f), options.set(f), codes[f], pHat[k], pI[k], pC[k]));
    }
    return new CgBatch(n, out);
  }

  /**
   * Adds one engine call's images to the checks: per row, its pixel mass and, for the evaluated
   * factors it stands for (a reconstruction: all; an intervention: its own), the largest
   * probability of the factor's head.
   */
  private void imageChecks(
      CgImageChecks.Sums checks,
      float[][][] p,
      float[] images,
      int r0,
      int rn,
      int perSample,
      int vol) {
    int e = factors.length;
    for (int r = 0; r < rn; r++) {
      double mass = 0;
      for (int q = r * vol, end = q + vol; q < end; q++) {
        mass += images[q];
      }
      int role = (r0 + r) % perSample;
      if (role == 0) {
        for (int k = 0; k < e; k++) {
          checks.add(k, 0, maxOf(p[factors[k]], r), mass);
        }
      } else {
        int k = (role - 1) / 2;
        checks.add(k, 1 + (role - 1) % 2, maxOf(p[factors[k]], r), mass);
      }
    }
  }

  private static double maxOf(float[][] pf, int r) {
    if (pf == null || r >= pf.length || pf[r] == null) {
      return Double.NaN; // reported by probability(...) right after
    }
    double m = Double.NEGATIVE_INFINITY;
    for (float v : pf[r]) {
      m = Math.max(m, v);
    }
    return m;
  }

  /**
   * The error of a classifier value index outside its {@code values} outputs, in one line: {@code
   * <what> of factor f (name) at sample s<how> the classifier's N values}.
   */
  private IllegalArgumentException outside(String what, int f, int sample, String how, int values) {
    return new IllegalArgumentException(
        what + at(f, sample) + how + " the classifier's " + values + " values");
  }

  /** {@code of factor f (name) at sample s}, where an error happened. */
  private String at(int f, int sample) {
    return " of factor " + f + " (" + options.factorNames().get(f) + ") at sample " + sample;
  }

  /**
   * The read-out of factor f for one classified image: {@code p(y | x)} ({@link CgReadout#EXACT})
   * or {@code min(1, Σ_{v ∈ N(y)} p(v | x))} ({@link CgReadout#TOLERANT}), y the sample's true
   * code.
   */
  private double probability(float[][][] p, int f, int r, int rn, int[][] codes, int sample) {
    int y = codes[f][sample];
    float[][] pf = p[f];
    if (pf == null || pf.length != rn) {
      throw new IllegalArgumentException(
          "classifier returned "
              + (pf == null ? "no" : String.valueOf(pf.length))
              + " rows for factor "
              + f
              + ", expected "
              + rn);
    }
    float[] row = pf[r];
    if (y < 0 || y >= row.length) {
      throw outside("true code " + y, f, sample, " is outside", row.length);
    }
    if (options.readout() == CgReadout.EXACT) {
      return checked(row[y], f, y, sample);
    }
    int[] truth = new int[codes.length];
    for (int g = 0; g < codes.length; g++) {
      truth[g] = codes[g][sample];
    }
    int[] near = options.neighbourhoods().of(f, truth, row.length);
    boolean hasTruth = false;
    double sum = 0;
    for (int v : near) {
      if (v < 0 || v >= row.length) {
        throw outside(
            "neighbourhood of value " + y,
            f,
            sample,
            " holds value " + v + ", outside",
            row.length);
      }
      hasTruth |= v == y;
      sum += checked(row[v], f, v, sample);
    }
    if (!hasTruth) {
      throw new IllegalArgumentException(
          "neighbourhood "
              + Arrays.toString(near)
              + " of value "
              + y
              + at(f, sample)
              + " does not hold the value itself");
    }
    return Math.min(1.0, sum);
  }

  private static double checked(float v, int f, int value, int sample) {
    if (!(v >= 0 && v <= 1)) {
      throw new IllegalArgumentException(
          "classifier probability "
              + v
              + " for factor "
              + f
              + " value "
              + value
              + " at sample "
              + sample
              + " is not in [0, 1]");
    }
    return v;
  }
}
