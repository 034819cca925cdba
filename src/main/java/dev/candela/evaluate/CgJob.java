package dev.candela.evaluate;

import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.Progress;
import dev.candela.data.FactorDataset;
import dev.candela.data.FactorNeighbourhoods;
import dev.candela.data.FactorSpace;
import dev.candela.evaluate.cf.CfChunk;
import dev.candela.evaluate.cf.CgChunkLoop;
import dev.candela.evaluate.cf.ChunkSource;
import dev.candela.metrics.cg.CgAccumulator;
import dev.candela.metrics.cg.CgBaseline;
import dev.candela.metrics.cg.CgNeighbourhoods;
import dev.candela.metrics.cg.CgOptions;
import dev.candela.metrics.cg.CgReadout;
import dev.candela.model.hosting.VaeModel;
import java.util.Arrays;

/**
 * The one counterfactual (CG) job of {@code evaluate} and {@code counterfactuals}: every step that
 * decides a CG number is here, and both commands call it.
 *
 * <ol>
 *   <li><b>Samples</b> ({@link #evaluationSamples}, {@link #cgPositions}): the evaluation samples
 *       are a seeded draw ({@link Sampling#shuffled}, seed {@code s}) from the population; the CG
 *       samples a seeded subset of them (seed {@code s + 1}).
 *   <li><b>Checks</b> ({@link CgChecks}): the classifier folder and the factor names, before any
 *       work.
 *   <li><b>Encoding</b> ({@link #encode}; {@link EncodedSamples} keeps the log-variances too): the
 *       evaluation samples' encoder means, in batches.
 *   <li><b>Selection</b> ({@link SelectionPass}): IRS over the factors with two or more values
 *       among the evaluation samples, the UC(ρ) sets Z_I, and the baseline statistics of all
 *       evaluation samples.
 *   <li><b>Classifier</b> ({@link CgClassifier#load}): loaded once, matched to the selection's
 *       factors by name and size ({@link ModelMatch#matchClassifier}), checked on the evaluation
 *       samples.
 *   <li><b>CG</b> ({@link #options}, {@link #groupSize}, {@link #source}, {@link CgChunkLoop}):
 *       decoding and classification of {@link #groupSize} samples per engine call, terms summed in
 *       sample order, in the one chunk loop of both commands.
 * </ol>
 *
 * {@code evaluate} runs the CG step in memory on the codes it already has ({@code CgStage}); {@code
 * counterfactuals} adds chunk files and resume on top ({@link CounterfactualDriver}).
 */
public final class CgJob {
  private CgJob() {}

  /**
   * The evaluation samples: {@code min(samples, population)} distinct indices of {@code
   * 0..population-1}, seeded, increasing (the draw of {@code evaluate}'s evaluation samples).
   *
   * @param population the number of samples to draw from (the dataset size, or a prefix of it)
   * @param samples how many to draw
   * @param seed the seed
   * @return the dataset indices
   */
  public static long[] evaluationSamples(long population, int samples, long seed) {
    return Sampling.shuffled(population, (int) Math.min(samples, population), seed);
  }

  /**
   * The CG samples: {@code min(cgSamples, n)} positions among the {@code n} evaluation samples,
   * seeded with {@code seed + 1}, increasing.
   *
   * @param n the number of evaluation samples
   * @param cgSamples how many CG samples
   * @param seed the evaluation's seed
   * @return positions into the evaluation samples
   */
  public static long[] cgPositions(int n, int cgSamples, long seed) {
    return Sampling.shuffled(n, Math.min(n, cgSamples), seed + 1);
  }

  /**
   * The factor codes of samples, all dataset factors.
   *
   * @param ds the dataset
   * @param idx the sample indices
   * @return {@code codes[factor][row]}
   * @throws CandelaException when the codes cannot be read
   */
  public static int[][] factorCodes(FactorDataset ds, long[] idx) throws CandelaException {
    int[][] codes = new int[ds.space().numFactors()][idx.length];
    for (int i = 0; i < idx.length; i++) {
      int[] c = ds.codes(idx[i]);
      for (int f = 0; f < c.length; f++) {
        codes[f][i] = c[f];
      }
    }
    return codes;
  }

  /**
   * The encoding loop: encoder means of the given samples, {@code batchSize} images per call (the
   * means of the package's one loop, {@link EncodedSamples#encodePosterior}).
   *
   * @param vae the VAE
   * @param ds the dataset
   * @param idx the sample indices
   * @param batchSize images per call
   * @param listener progress
   * @param task the progress task's name
   * @return {@code z[row][latent]}
   * @throws CandelaException when the images cannot be read
   */
  public static float[][] encode(
      VaeModel vae, FactorDataset ds, long[] idx, int batchSize, Progress listener, String task)
      throws CandelaException {
    return EncodedSamples.encodePosterior(vae, ds, idx, batchSize, listener, task).mean();
  }

  /**
   * CG's options: the selection's sets and factors, the evaluated ones (never an excluded factor,
   * {@link SelectionPass#excluded}), the baseline, the read-out with its neighbourhoods and the
   * engine batch.
   *
   * @param sel the selection
   * @param evaluated indices into the selection's factors, or null for all
   * @param baseline the baseline
   * @param readout the read-out
   * @param neighbourhoods the tolerant read-out's neighbourhoods ({@link #neighbourhoods})
   * @param batchSize images per engine call
   * @return the options
   * @throws BadInputException when every factor left is excluded
   */
  public static CgOptions options(
      SelectionPass sel,
      int[] evaluated,
      CgBaseline baseline,
      CgReadout readout,
      CgNeighbourhoods neighbourhoods,
      int batchSize)
      throws BadInputException {
    int[] scored = sel.scoredFactors();
    int[] kept =
        evaluated == null
            ? scored
            : Arrays.stream(evaluated).filter(k -> Arrays.binarySearch(scored, k) >= 0).toArray();
    if (kept.length == 0) {
      throw new BadInputException(
          "no factor left for CG: "
              + sel.excluded().keySet()
              + " are carried only by latents the decoder does not use (see the warnings)");
    }
    return CgOptions.builder()
        .setSets(sel.sets())
        .optFactorNames(sel.factorNames())
        .optFactors(kept)
        .optBaseline(baseline)
        .optReadout(readout)
        .optNeighbourhoods(neighbourhoods)
        .optMaxBatch(Math.max(batchSize, 1))
        .build();
  }

  /**
   * What CG runs with on a selection: the selection factors' dataset indices and CG's options
   * ({@link #options}) with the tolerant read-out's neighbourhoods over the evaluation samples
   * ({@link #neighbourhoods}).
   *
   * @param datasetIndex per selection factor, its dataset factor index
   * @param options CG's options
   */
  record Plan(int[] datasetIndex, CgOptions options) {}

  /**
   * CG's plan on a selection of the evaluation samples, as {@code evaluate}'s CG stage and {@code
   * counterfactuals} make it.
   *
   * @param sel the selection
   * @param evaluated indices into the selection's factors, or null for all
   * @param space the dataset's factors
   * @param codes the evaluation samples' codes {@code [dataset factor][row]}
   * @param baseline the baseline
   * @param readout the read-out
   * @param batchSize images per engine call
   * @return the plan
   * @throws CandelaException when every factor left is excluded, or the dataset's specification is
   *     malformed
   */
  static Plan plan(
      SelectionPass sel,
      int[] evaluated,
      FactorSpace space,
      int[][] codes,
      CgBaseline baseline,
      CgReadout readout,
      int batchSize)
      throws CandelaException {
    int[] datasetIndex = sel.datasetIndex(space);
    return new Plan(
        datasetIndex,
        options(
            sel,
            evaluated,
            baseline,
            readout,
            neighbourhoods(space, datasetIndex, codes),
            batchSize));
  }

  /**
   * The tolerant read-out's neighbourhoods over the selection's factors: those of the dataset's
   * factor space ({@link FactorNeighbourhoods#forSpace}), a sample's selection codes completed with
   * the evaluation samples' single value of every other dataset factor (a symmetry's {@code
   * periodBy} factor may be one of them).
   *
   * @param space the dataset's factors
   * @param datasetIndex per selection factor, its dataset factor index
   * @param codes the evaluation samples' codes {@code [dataset factor][row]}
   * @return the neighbourhoods, indexed like the selection's factors
   * @throws CandelaException when the dataset's specification is malformed
   */
  public static CgNeighbourhoods neighbourhoods(
      FactorSpace space, int[] datasetIndex, int[][] codes) throws CandelaException {
    FactorNeighbourhoods nb = FactorNeighbourhoods.forSpace(space);
    int[] constant = new int[space.numFactors()];
    for (int f = 0; f < constant.length; f++) {
      constant[f] = codes[f].length == 0 ? 0 : codes[f][0];
    }
    int[] index = datasetIndex.clone();
    return (factor, trueCodes, numValues) -> {
      int[] full = constant.clone();
      for (int k = 0; k < index.length; k++) {
        full[index[k]] = trueCodes[k];
      }
      return nb.of(index[factor], full);
    };
  }

  /**
   * Samples per engine call: each sample needs {@code 1 + 2E} images (E evaluated factors), and a
   * call takes at most the batch size. {@link CgAccumulator#evaluate} groups samples this way from
   * the start of what it is given, so runs whose pieces are multiples of this size make the same
   * engine calls.
   *
   * @param o the CG options
   * @return samples per engine call (at least 1)
   */
  public static int groupSize(CgOptions o) {
    return Math.max(1, o.maxBatch() / (1 + 2 * o.factors().length));
  }

  /**
   * The CG samples as the chunk source of {@link CgChunkLoop}: position {@code p} is evaluation row
   * {@code rows[p]}, its latent row and its selection factors' codes (no images).
   *
   * @param z the evaluation samples' codes
   * @param codes the dataset's factor codes {@code [dataset factor][row]}
   * @param datasetIndex per selection factor, its dataset factor index
   * @param rows per position, its row in {@code z}
   * @return the source
   */
  public static ChunkSource source(float[][] z, int[][] codes, int[] datasetIndex, int[] rows) {
    return (from, to) -> {
      int[] part = Arrays.copyOfRange(rows, from, to);
      return new CfChunk(rowsOf(z, part), codesOf(codes, part, datasetIndex));
    };
  }

  /**
   * Latent rows at positions (shared, not copied).
   *
   * @param z rows
   * @param rows positions
   * @return the rows
   */
  static float[][] rowsOf(float[][] z, int[] rows) {
    float[][] zc = new float[rows.length][];
    for (int i = 0; i < rows.length; i++) {
      zc[i] = z[rows[i]];
    }
    return zc;
  }

  /**
   * The selection factors' codes at positions.
   *
   * @param codes {@code [dataset factor][row]}
   * @param rows positions
   * @param datasetIndex per selection factor, its dataset factor index
   * @return {@code [selection factor][i]}
   */
  static int[][] codesOf(int[][] codes, int[] rows, int[] datasetIndex) {
    int[][] cc = new int[datasetIndex.length][rows.length];
    for (int i = 0; i < rows.length; i++) {
      for (int k = 0; k < datasetIndex.length; k++) {
        cc[k][i] = codes[datasetIndex[k]][rows[i]];
      }
    }
    return cc;
  }
}
