package dev.candela.metrics.cg;

import dev.candela.RecordText;
import dev.candela.metrics.LatentStats;
import java.util.Arrays;
import java.util.Objects;

/**
 * Which latents the generator uses, measured on the generator itself (any {@link LatentDecoder}):
 * the decoder sensitivity of latent j is
 *
 * <pre>
 * s_j = mean over m samples of  (1 / P) Σ_pixels |g(z) − g(z with z_j set to CG's baseline value)|
 * </pre>
 *
 * (P = C·H·W; the baseline value is the one CG itself intervenes with, {@link CgBaseline#value}),
 * and latent j is <b>inert</b> when {@code s_j < INERT_SHARE · max_k s_k}. The m samples are {@code
 * min(N, maxSamples)} of the N given rows spread evenly over them ({@code z[k·N/m]}, all of them
 * when {@code N ≤ maxSamples}); a VAE's evaluation samples are sorted by dataset index, and a
 * prefix would hold only the leading factors' first values. When no latent changes the image at all
 * ({@code max_k s_k = 0}) no latent can be told apart and all count as active.
 *
 * <p>Why: CG's latent sets Z_I come from IRS on the encoder means (Reddy, Godfrey &amp;
 * Balasubramanian, AAAI 2022), and an encoder mean can carry a factor that the decoder ignores (a
 * VAE latent with KL ≈ 0). Intervening on such a latent changes nothing, ICE_I = 0, and CG's
 * absolute value scores the factor like ideal disentanglement. The CG job therefore picks Z_I among
 * active latents only ({@code SelectionPass}).
 *
 * @param sensitivity per latent, {@code s_j}
 * @param active per latent, whether it is active ({@code s_j ≥ threshold})
 * @param threshold {@code INERT_SHARE · max_k s_k}
 * @param samples m, the number of samples measured
 * @param baseline the baseline the latents were set to
 */
public record CgLatentActivity(
    double[] sensitivity, boolean[] active, double threshold, int samples, CgBaseline baseline) {

  /**
   * Share of the largest sensitivity below which a latent is inert. Measured on the shipped
   * dSprites VAEs (1,000 evaluation samples, max-deviation baseline; docs/cg.md, "Latents the
   * decoder uses"): latents with KL below the model checks' 0.01 nats have {@code s_j / max} at
   * most 0.0095 (β-VAE's z6, KL 0.0072; the KL ≈ 0.001 ones 0.0006–0.0008), β-TCVAE's barely used
   * z1/z2 (KL 0.025/0.014) 0.0021/0.0016, while the weakest used latents have 0.0216 (ss-β-VAE's
   * z2, KL 0.175, which UC picks for orientation), 0.064 and 0.087. A decoder that ignores a latent
   * exactly gives 0. 0.015 lies between 0.0095 and 0.0216 (a 1.6× and 1.4× margin).
   */
  public static final double INERT_SHARE = 0.015;

  /** Default m: the samples measured ({@code maxSamples}). */
  public static final int DEFAULT_SAMPLES = 256;

  /** Copies and checks lengths. */
  public CgLatentActivity {
    sensitivity = sensitivity.clone();
    active = active.clone();
    Objects.requireNonNull(baseline, "baseline");
    if (sensitivity.length != active.length) {
      throw new IllegalArgumentException(
          sensitivity.length + " sensitivities but " + active.length + " activity flags");
    }
  }

  /**
   * Measures the decoder's sensitivity to each latent.
   *
   * @param decoder the generator g
   * @param z the evaluation samples {@code z[row][latent]} (N ≥ 1 rows, finite)
   * @param stats the baseline statistics (of all evaluation samples, as CG uses)
   * @param baseline CG's baseline
   * @param maxSamples at most this many samples are measured (≥ 1)
   * @param maxBatch rows per decoder call (≥ 1); each sample needs {@code 1 + D} rows
   * @return the activity
   * @throws IllegalArgumentException on empty input, mismatched latent counts, non-finite values or
   *     a decoder output of the wrong length
   */
  public static CgLatentActivity measure(
      LatentDecoder decoder,
      float[][] z,
      LatentStats stats,
      CgBaseline baseline,
      int maxSamples,
      int maxBatch) {
    Objects.requireNonNull(decoder, "decoder");
    Objects.requireNonNull(stats, "stats");
    Objects.requireNonNull(baseline, "baseline");
    if (z.length == 0) {
      throw new IllegalArgumentException("latent activity needs at least one sample, got 0");
    }
    if (maxSamples < 1 || maxBatch < 1) {
      throw new IllegalArgumentException(
          "maxSamples and maxBatch must be at least 1, got " + maxSamples + " and " + maxBatch);
    }
    int d = stats.numLatents();
    int n = z.length;
    int m = Math.min(n, maxSamples);
    float[][] rows = new float[m][];
    for (int k = 0; k < m; k++) {
      float[] r = z[(int) ((long) k * n / m)];
      CgAccumulator.checkLatentRow(r, k, d, "the statistics have ");
      rows[k] = r;
    }
    int perSample = 1 + d;
    int group = Math.max(1, maxBatch / perSample);
    int vol = decoder.imageVolume();
    double[] sum = new double[d];
    for (int g0 = 0; g0 < m; g0 += group) {
      int gn = Math.min(group, m - g0);
      float[][] batch = new float[gn * perSample][];
      for (int s = 0; s < gn; s++) {
        float[] own = rows[g0 + s];
        batch[s * perSample] = own;
        for (int j = 0; j < d; j++) {
          float[] moved = own.clone();
          moved[j] = (float) baseline.value(own[j], stats, j);
          batch[s * perSample + 1 + j] = moved;
        }
      }
      float[] images = decodeInCalls(decoder, batch, maxBatch, vol);
      for (int s = 0; s < gn; s++) {
        int ref = s * perSample * vol;
        for (int j = 0; j < d; j++) {
          int at = (s * perSample + 1 + j) * vol;
          double diff = 0;
          for (int p = 0; p < vol; p++) {
            diff += Math.abs(images[at + p] - images[ref + p]);
          }
          sum[j] += diff / vol;
        }
      }
    }
    double max = 0;
    for (int j = 0; j < d; j++) {
      sum[j] /= m;
      max = Math.max(max, sum[j]);
    }
    double threshold = INERT_SHARE * max;
    boolean[] active = new boolean[d];
    for (int j = 0; j < d; j++) {
      active[j] = max == 0 || sum[j] >= threshold;
    }
    return new CgLatentActivity(sum, active, threshold, m, baseline);
  }

  private static float[] decodeInCalls(
      LatentDecoder decoder, float[][] rows, int maxBatch, int vol) {
    float[] out = new float[Math.multiplyExact(rows.length, vol)];
    for (int r0 = 0; r0 < rows.length; r0 += maxBatch) {
      int rn = Math.min(maxBatch, rows.length - r0);
      float[][] slice = rn == rows.length ? rows : Arrays.copyOfRange(rows, r0, r0 + rn);
      float[] images = decoder.decodeChecked(slice);
      System.arraycopy(images, 0, out, r0 * vol, images.length);
    }
    return out;
  }

  /**
   * The number of latents.
   *
   * @return D
   */
  public int numLatents() {
    return sensitivity.length;
  }

  /**
   * Whether latent j is active.
   *
   * @param j the latent
   * @return {@code s_j ≥ threshold}
   */
  public boolean isActive(int j) {
    return active[j];
  }

  /**
   * The inert latents, increasing.
   *
   * @return their indices
   */
  public int[] inert() {
    return java.util.stream.IntStream.range(0, active.length).filter(j -> !active[j]).toArray();
  }

  @Override
  public double[] sensitivity() {
    return sensitivity.clone();
  }

  @Override
  public boolean[] active() {
    return active.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CgLatentActivity a
        && Arrays.equals(sensitivity, a.sensitivity)
        && Arrays.equals(active, a.active)
        && Double.compare(threshold, a.threshold) == 0
        && samples == a.samples
        && baseline == a.baseline;
  }

  @Override
  public int hashCode() {
    return Objects.hash(Arrays.hashCode(sensitivity), Arrays.hashCode(active), samples, baseline);
  }

  @Override
  public String toString() {
    return RecordText.of(
        "CgLatentActivity",
        "sensitivity",
        sensitivity,
        "active",
        active,
        "threshold",
        threshold,
        "samples",
        samples,
        "baseline",
        baseline);
  }
}
