package dev.candela.evaluate;

import dev.candela.CandelaException;
import dev.candela.data.FactorDataset;
import dev.candela.evaluate.cf.CfChunk;
import dev.candela.evaluate.cf.ChunkSource;
import dev.candela.model.CounterfactualModels;
import java.util.Arrays;

/**
 * The data source of the counterfactual job: reads a chunk of the dataset and encodes it in
 * batches; a sample whose code the selection pass computed takes that code instead of being encoded
 * again.
 */
final class EncodingSource implements ChunkSource {
  private final FactorDataset data;
  private final CounterfactualModels models;
  private final ModelMatch.FactorMap map;
  private final int batchSize;
  private final int gridFrom;
  private final int grid;
  private final boolean imagesFit;
  private final long[] known;
  private final float[][] knownRows;
  private long encoded;
  private long reused;

  EncodingSource(
      FactorDataset data,
      CounterfactualModels models,
      ModelMatch.FactorMap map,
      int batchSize,
      int gridFrom,
      int grid,
      long[] known,
      float[][] knownRows) {
    this.data = data;
    this.models = models;
    this.map = map;
    this.batchSize = batchSize;
    this.gridFrom = gridFrom;
    this.grid = grid;
    this.known = known;
    this.knownRows = knownRows;
    int[] shape = models.decoder().imageShape();
    FactorDataset.ImageShape s = data.imageShape();
    this.imagesFit = s.channels() == shape[0] && s.height() == shape[1] && s.width() == shape[2];
  }

  /** Codes the chunks encoded. */
  long encoded() {
    return encoded;
  }

  /** Codes the chunks took from the selection pass. */
  long reused() {
    return reused;
  }

  @Override
  public CfChunk read(int from, int to) throws CandelaException {
    int n = to - from;
    int nf = map.datasetIndex().length;
    float[][] z = new float[n][];
    int[][] codes = new int[nf][n];
    int[] missing = new int[n];
    int numMissing = 0;
    for (int i = 0; i < n; i++) {
      int k = known == null ? -1 : Arrays.binarySearch(known, (long) from + i);
      if (k >= 0) {
        z[i] = knownRows[k];
        reused++;
      } else {
        missing[numMissing++] = i;
      }
      int[] c = data.codes((long) from + i);
      for (int f = 0; f < nf; f++) {
        codes[f][i] = c[map.datasetIndex()[f]];
      }
    }
    for (int start = 0; start < numMissing; start += batchSize) {
      int b = Math.min(batchSize, numMissing - start);
      long[] idx = new long[b];
      for (int i = 0; i < b; i++) {
        idx[i] = (long) from + missing[start + i];
      }
      float[][] mu = models.encodeMeans(data.images(idx), b);
      for (int i = 0; i < b; i++) {
        z[missing[start + i]] = mu[i];
      }
      encoded += b;
    }
    int keep = from == gridFrom && imagesFit ? Math.min(grid, n) : 0;
    float[] originals = null;
    if (keep > 0) {
      long[] idx = new long[keep];
      for (int i = 0; i < keep; i++) {
        idx[i] = (long) from + i;
      }
      originals = data.images(idx);
    }
    return new CfChunk(z, codes, originals);
  }
}
