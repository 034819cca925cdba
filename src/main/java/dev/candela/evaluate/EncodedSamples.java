package dev.candela.evaluate;

import dev.candela.CandelaException;
import dev.candela.Progress;
import dev.candela.data.FactorDataset;
import dev.candela.data.FactorSpace;
import dev.candela.metrics.LatentCodes;
import dev.candela.model.hosting.VaeModel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The evaluation samples of one {@link Evaluation}, drawn and encoded once, which every stage
 * reads: {@code n} dataset rows drawn without replacement with the seed, their factor codes, and
 * the VAE's encoder means and log-variances of their images in the same order, by the steps of the
 * one CG job that {@code counterfactuals} shares ({@link CgJob#evaluationSamples}, {@link
 * CgJob#factorCodes}) and the one encoding loop, {@link #encodePosterior}, which {@link
 * CgJob#encode}, {@link UdrRanking} and {@link CachedRepresentation} call too.
 *
 * @param dataset the dataset
 * @param idx the dataset indices of the rows
 * @param codes factor codes, {@code [factor][row]}
 * @param z encoder means, {@code [row][latent]}
 * @param logVar encoder log-variances, {@code [row][latent]}
 * @param latentCodes the same as {@link LatentCodes} ({@code [latent][row]})
 * @param vocabularies per factor, the value behind each code
 */
record EncodedSamples(
    FactorDataset dataset,
    long[] idx,
    int[][] codes,
    float[][] z,
    float[][] logVar,
    LatentCodes latentCodes,
    List<List<Object>> vocabularies) {

  /**
   * Draws and encodes the samples.
   *
   * @param dataset the dataset
   * @param vae the model
   * @param samples how many (at most the dataset's size)
   * @param seed the seed of the draw
   * @param batch images per encoder call
   * @param listener progress
   * @return the samples
   * @throws CandelaException on failed reads or inference
   */
  static EncodedSamples encode(
      FactorDataset dataset, VaeModel vae, int samples, long seed, int batch, Progress listener)
      throws CandelaException {
    FactorSpace space = dataset.space();
    long[] idx = CgJob.evaluationSamples(dataset.size(), samples, seed);
    int[][] codes = CgJob.factorCodes(dataset, idx);
    VaeModel.Encoding enc = encodePosterior(vae, dataset, idx, batch, listener, "encode");
    float[][] z = enc.mean();
    return new EncodedSamples(
        dataset, idx, codes, z, enc.logVar(), latentCodes(z, codes, space), vocabularies(space));
  }

  /**
   * The posterior of some dataset rows: the rows among these samples taken from their encodings,
   * the others encoded by {@link #encodePosterior} with the same VAE and batch, in their order. A
   * row's encoding does not depend on the other images of its batch (the encoder is applied to each
   * image alone; checked bit for bit by {@code UdrRankingTest}), so the result is the one encoding
   * all the rows would give.
   *
   * @param rows dataset indices
   * @param vae the VAE these samples were encoded with
   * @param batch images per encoder call
   * @param listener progress of the rows encoded here
   * @param task the progress task's name
   * @return means and log-variances, each {@code [row][latent]} in the order of {@code rows} (the
   *     arrays of the rows taken are shared, not copied)
   * @throws CandelaException when the images cannot be read
   */
  VaeModel.Encoding posteriorOf(
      long[] rows, VaeModel vae, int batch, Progress listener, String task)
      throws CandelaException {
    int n = rows.length;
    Map<Long, Integer> at = new HashMap<>();
    for (int i = 0; i < n; i++) {
      at.putIfAbsent(rows[i], i);
    }
    int[] sample = new int[n];
    Arrays.fill(sample, -1);
    for (int k = 0; k < idx.length; k++) {
      Integer i = at.get(idx[k]);
      if (i != null) {
        sample[i] = k;
      }
    }
    float[][] mean = new float[n][];
    float[][] lv = new float[n][];
    int[] missing = new int[n];
    int m = 0;
    for (int i = 0; i < n; i++) {
      int k = sample[at.get(rows[i])];
      if (k >= 0) {
        mean[i] = z[k];
        lv[i] = logVar[k];
      } else {
        missing[m++] = i;
      }
    }
    if (m > 0) {
      long[] part = new long[m];
      for (int j = 0; j < m; j++) {
        part[j] = rows[missing[j]];
      }
      VaeModel.Encoding e = encodePosterior(vae, dataset, part, batch, listener, task);
      for (int j = 0; j < m; j++) {
        mean[missing[j]] = e.mean()[j];
        lv[missing[j]] = e.logVar()[j];
      }
    }
    return new VaeModel.Encoding(mean, lv);
  }

  /**
   * The one encoding loop of the package: encoder means and log-variances of the given samples,
   * {@code batchSize} images per call, in order.
   *
   * @param vae the VAE
   * @param ds the dataset
   * @param idx the sample indices
   * @param batchSize images per call
   * @param listener progress
   * @param task the progress task's name
   * @return means and log-variances, each {@code [row][latent]}
   * @throws CandelaException when the images cannot be read
   */
  static VaeModel.Encoding encodePosterior(
      VaeModel vae, FactorDataset ds, long[] idx, int batchSize, Progress listener, String task)
      throws CandelaException {
    int n = idx.length;
    float[][] z = new float[n][];
    float[][] lv = new float[n][];
    try (Progress.Task pb = listener.task(task, n)) {
      for (int a = 0; a < n; a += batchSize) {
        int e = Math.min(n, a + batchSize);
        long[] part = Arrays.copyOfRange(idx, a, e);
        VaeModel.Encoding m = vae.encode(ds.images(part), part.length);
        System.arraycopy(m.mean(), 0, z, a, m.mean().length);
        System.arraycopy(m.logVar(), 0, lv, a, m.logVar().length);
        pb.stepTo(e);
      }
    }
    return new VaeModel.Encoding(z, lv);
  }

  /**
   * Encoder means and factor codes as {@link LatentCodes} ({@code [latent][row]}), the latents
   * named {@code z0, z1, ...} and the factors as in the space.
   *
   * @param z encoder means, {@code [row][latent]}
   * @param codes factor codes, {@code [factor][row]}
   * @param space the dataset's factors
   * @return the codes
   */
  static LatentCodes latentCodes(float[][] z, int[][] codes, FactorSpace space) {
    int n = z.length;
    int d = n == 0 ? 0 : z[0].length;
    float[][] latents = new float[d][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < d; j++) {
        latents[j][i] = z[i][j];
      }
    }
    return new LatentCodes(latents, codes, SelectionPass.latentNames(d), space.names());
  }

  /**
   * Per factor of a space, the value behind each code.
   *
   * @param space the factors
   * @return the vocabularies
   */
  static List<List<Object>> vocabularies(FactorSpace space) {
    List<List<Object>> vocab = new ArrayList<>();
    for (FactorSpace.Factor f : space.factors()) {
      vocab.add(f.values());
    }
    return List.copyOf(vocab);
  }

  /**
   * @return the number of rows
   */
  int n() {
    return idx.length;
  }

  /**
   * The rows' factor codes, {@code [row][factor]}.
   *
   * @return a new array
   */
  int[][] rowCodes() {
    int[][] rows = new int[idx.length][codes.length];
    for (int i = 0; i < idx.length; i++) {
      for (int f = 0; f < codes.length; f++) {
        rows[i][f] = codes[f][i];
      }
    }
    return rows;
  }
}
