package dev.candela.evaluate;

import dev.candela.CandelaException;
import dev.candela.data.FactorDataset;
import dev.candela.data.FactorSpace;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.LatentCodes;
import dev.candela.model.hosting.VaeModel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The evaluation samples of one {@link Evaluation}, drawn and encoded once, which every stage
 * reads: {@code n} dataset rows drawn without replacement with the seed, their factor codes, and
 * the VAE's encoder means and log-variances of their images in the same order, by the steps of the
 * one CG job that {@code counterfactuals} shares ({@link CgJob#evaluationSamples}, {@link
 * CgJob#factorCodes}) and the encoding loop of {@link CgJob#encode} keeping the log-variances.
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
      FactorDataset dataset,
      VaeModel vae,
      int samples,
      long seed,
      int batch,
      ProgressListener listener)
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
   * The encoding loop keeping the posterior: encoder means and log-variances of the given samples,
   * {@code batchSize} images per call.
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
  private static VaeModel.Encoding encodePosterior(
      VaeModel vae,
      FactorDataset ds,
      long[] idx,
      int batchSize,
      ProgressListener listener,
      String task)
      throws CandelaException {
    int n = idx.length;
    float[][] z = new float[n][];
    float[][] lv = new float[n][];
    try (CodeScorer.Progress.Task pb = listener.task(task, n)) {
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
