package dev.candela.evaluate;

import dev.candela.CandelaException;
import dev.candela.data.FactorDataset;
import dev.candela.data.FactorSpace;
import dev.candela.metrics.LatentCodes;
import dev.candela.model.hosting.VaeModel;
import java.util.ArrayList;
import java.util.List;

/**
 * The evaluation samples of one {@link Evaluation}, drawn and encoded once, which every stage
 * reads: {@code n} dataset rows drawn without replacement with the seed, their factor codes, and
 * the VAE's encoder means and log-variances of their images in the same order, by the steps of the
 * one CG job that {@code counterfactuals} shares ({@link CgJob#evaluationSamples}, {@link
 * CgJob#factorCodes}, {@link CgJob#encodePosterior}).
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
    VaeModel.Encoding enc = CgJob.encodePosterior(vae, dataset, idx, batch, listener, "encode");
    float[][] z = enc.mean();
    return new EncodedSamples(
        dataset, idx, codes, z, enc.logVar(), latentCodes(z, codes, space), vocabularies(space));
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
