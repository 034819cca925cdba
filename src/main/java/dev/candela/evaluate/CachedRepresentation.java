package dev.candela.evaluate;

import dev.candela.CandelaException;
import dev.candela.Progress;
import dev.candela.data.FactorDataset;
import dev.candela.metrics.Representation;
import dev.candela.model.hosting.VaeModel;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Encodes samples on demand, once per index, by the package's one encoding loop ({@link
 * EncodedSamples#encodePosterior}), the missing indices of each request in batches. It reports no
 * progress of its own: its callers (BetaVAE, FactorVAE) count their requests, each a few images.
 */
final class CachedRepresentation implements Representation {
  private final VaeModel vae;
  private final FactorDataset ds;
  private final int batch;
  private final Map<Long, double[]> cache = new HashMap<>();
  private long encoded;

  CachedRepresentation(VaeModel vae, FactorDataset ds, int batch) {
    this.vae = vae;
    this.ds = ds;
    this.batch = batch;
  }

  void seed(long[] idx, float[][] z) {
    for (int i = 0; i < idx.length; i++) {
      cache.put(idx[i], toDouble(z[i]));
    }
  }

  long encoded() {
    return encoded;
  }

  @Override
  public double[][] of(long[] indices) throws CandelaException {
    long[] missing = Arrays.stream(indices).filter(i -> !cache.containsKey(i)).distinct().toArray();
    if (missing.length > 0) {
      float[][] m =
          EncodedSamples.encodePosterior(vae, ds, missing, batch, Progress.NONE, "encode").mean();
      for (int i = 0; i < missing.length; i++) {
        cache.put(missing[i], toDouble(m[i]));
      }
      encoded += missing.length;
    }
    double[][] out = new double[indices.length][];
    for (int i = 0; i < indices.length; i++) {
      out[i] = cache.get(indices[i]);
    }
    return out;
  }

  private static double[] toDouble(float[] f) {
    double[] d = new double[f.length];
    for (int j = 0; j < f.length; j++) {
      d[j] = f[j];
    }
    return d;
  }
}
