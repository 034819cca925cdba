package dev.candela.model.training;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.Trainer;
import dev.candela.CandelaException;
import dev.candela.data.FactorDataset;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.LatentCodes;
import dev.candela.metrics.Metric;
import dev.candela.model.card.ModelCard;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Feeds a {@link TrainingMonitor}'s listener (the training log): the mean loss terms of every step
 * window ({@code train} rows; the window is {@code evalEvery} steps, or the epoch when that is 0)
 * and, every {@code evalEvery} steps, the scores of a fixed held-out sample ({@code heldout} rows).
 */
final class MonitorListener implements TrainingListener {
  private final TrainingMonitor monitor;
  private final VaeRun vae;
  private final TrainingData held;
  private final boolean heldInTraining;
  private final int window;
  private final Map<String, Double> windowSums = new LinkedHashMap<>();
  private int windowCount;

  private MonitorListener(
      TrainingMonitor monitor, VaeRun vae, TrainingData held, boolean heldInTraining) {
    this.monitor = monitor;
    this.vae = vae;
    this.held = held;
    this.heldInTraining = heldInTraining;
    this.window = monitor.evalEvery() > 0 ? monitor.evalEvery() : 0;
  }

  /**
   * The listener of a monitor; loads the held-out sample when the monitor evaluates (from the
   * images outside the training subset, or from the subset when there are none).
   *
   * @param monitor the monitor
   * @param vae the run (its dataset, training subset and seed)
   * @return the listener
   * @throws CandelaException when the held-out images cannot be read
   */
  static MonitorListener load(TrainingMonitor monitor, VaeRun vae) throws CandelaException {
    FactorDataset ds = vae.ds();
    long[] indices = vae.data().indices;
    long seed = vae.cfg().seed();
    TrainingData held = null;
    boolean heldInTraining = false;
    if (monitor.evalEvery() > 0) {
      long[] heldIdx = SeededIndices.heldOut(ds.size(), indices, monitor.heldOut(), seed);
      heldInTraining = heldIdx.length == 0;
      if (heldInTraining) {
        heldIdx = TrainingData.subset(indices.length, monitor.heldOut(), seed + 1);
        for (int i = 0; i < heldIdx.length; i++) {
          heldIdx[i] = indices[(int) heldIdx[i]];
        }
      }
      ModelCard.Shape in = vae.data().input;
      held = TrainingData.load(ds, heldIdx, in.height(), in.width(), false, k -> {});
    }
    return new MonitorListener(monitor, vae, held, heldInTraining);
  }

  /** Tells the log where the run starts, so that it drops rows of an interrupted run after that. */
  @Override
  public void onStart(TrainingContext run, int epochsDone) throws CandelaException {
    if (monitor.listener() != null) {
      monitor.listener().start((long) epochsDone * run.stepsPerEpoch);
    }
  }

  @Override
  public void onStep(TrainingContext run, TrainingListener.StepEnd end) throws CandelaException {
    long step = end.step();
    int epoch = end.epoch();
    for (Map.Entry<String, Float> e : end.terms().entrySet()) {
      windowSums.merge(e.getKey(), (double) e.getValue(), Double::sum);
    }
    windowCount++;
    boolean windowEnd = window > 0 ? step % window == 0 : end.stepInEpoch() == run.stepsPerEpoch;
    if (windowEnd && monitor.listener() != null) {
      Map<String, Double> means = new LinkedHashMap<>();
      int wc = windowCount;
      windowSums.forEach((k, v) -> means.put(k, v / wc));
      monitor.listener().log(step, epoch, "train", means);
    }
    if (windowEnd) {
      windowSums.clear();
      windowCount = 0;
    }
    if (window > 0 && step % window == 0 && monitor.listener() != null) {
      VaeTrainingConfig cfg = vae.cfg();
      ModelCard.Shape in = vae.data().input;
      Map<String, Double> snap =
          heldOutSnapshot(
              run.trainer,
              held,
              vae.ds(),
              cfg.batchSize(),
              in.channels(),
              in.height(),
              in.width(),
              cfg.latentDim(),
              cfg.seed());
      snap.put("heldout_in_training", heldInTraining ? 1.0 : 0.0);
      monitor.listener().log(step, epoch, "heldout", snap);
    }
  }

  /**
   * The held-out snapshot: mean reconstruction loss and KL per image (the training losses'
   * definitions), and MIG, DCI disentanglement and IRS of the encoder means ({@link CodeScorer}); a
   * metric that cannot be computed (e.g. every latent constant) is NaN.
   */
  static Map<String, Double> heldOutSnapshot(
      Trainer trainer,
      TrainingData held,
      FactorDataset ds,
      int b,
      int c,
      int inH,
      int inW,
      int d,
      long seed) {
    int m = held.size();
    int vol = c * inH * inW;
    float[][] lat = new float[d][m];
    double recon = 0;
    double kl = 0;
    for (int a = 0; a < m; a += b) {
      int e = Math.min(m, a + b);
      int k = e - a;
      try (NDManager sub = trainer.getManager().newSubManager()) {
        NDArray xs =
            sub.create(
                java.util.Arrays.copyOfRange(held.images, a * vol, e * vol),
                new Shape(k, c, inH, inW));
        NDList o = trainer.evaluate(new NDList(xs));
        recon += Losses.bernoulli(o.get(0), xs).getFloat() * (double) k;
        kl += Losses.gaussianKl(o.get(1), o.get(2)).getFloat() * (double) k;
        float[] mu = o.get(1).toFloatArray();
        for (int i = 0; i < k; i++) {
          for (int j = 0; j < d; j++) {
            lat[j][a + i] = mu[i * d + j];
          }
        }
      }
    }
    Map<String, Double> out = new LinkedHashMap<>();
    out.put("recon", recon / m);
    out.put("kl", kl / m);
    int f = ds.space().numFactors();
    int[][] codes = new int[f][m];
    for (int i = 0; i < m; i++) {
      for (int q = 0; q < f; q++) {
        codes[q][i] = held.codes[i][q];
      }
    }
    List<String> latentNames = new ArrayList<>();
    for (int j = 0; j < d; j++) {
      latentNames.add("z" + j);
    }
    double mig = Double.NaN;
    double dciD = Double.NaN;
    double irs = Double.NaN;
    try {
      CodeScorer.Scores sc =
          CodeScorer.score(
              new LatentCodes(lat, codes, latentNames, ds.space().names()),
              null,
              CodeScorer.Options.defaults(
                  java.util.EnumSet.of(Metric.IRS, Metric.MIG, Metric.DCI), seed));
      mig = sc.scores().getOrDefault("mig", Double.NaN);
      dciD = sc.scores().getOrDefault("dci.disentanglement", Double.NaN);
      irs = sc.scores().getOrDefault("irs", Double.NaN);
    } catch (IllegalArgumentException e) {
      // a degenerate representation (e.g. every latent constant): the metrics stay NaN
    }
    out.put("mig", mig);
    out.put("dci.disentanglement", dciD);
    out.put("irs", irs);
    return out;
  }
}
