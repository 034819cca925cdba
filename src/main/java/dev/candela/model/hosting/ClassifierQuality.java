package dev.candela.model.hosting;

import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.data.FactorDataset;
import dev.candela.data.FactorNeighbourhoods;
import dev.candela.data.FactorSpace;
import dev.candela.data.FactorSymmetries;
import dev.candela.metrics.cg.CgReadout;
import dev.candela.model.card.ModelCard;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongConsumer;
import org.apache.commons.math3.stat.interval.ConfidenceInterval;
import org.apache.commons.math3.stat.interval.WilsonScoreInterval;

/**
 * How well a factor classifier recognises each factor: per-factor accuracy on dataset images,
 * symmetry-aware accuracy where the dataset declares {@link FactorSymmetries}, tolerant accuracy
 * (the prediction within the neighbourhood {@code N(y)} of the true value that CG's tolerant
 * read-out sums over, {@link FactorNeighbourhoods}: one grid step, or a symmetric copy), and, with
 * a VAE, the same on the VAE's reconstructions of those images (encoder mean, decoded). CG compares
 * the classifier's probability of the true value across interventions, so a factor the classifier
 * cannot recognise, on data or on reconstructions, has a meaningless CG. Every accuracy comes with
 * its Wilson score 95% interval (binomial over the checked images).
 */
public final class ClassifierQuality {
  private ClassifierQuality() {}

  /** Confidence level of the intervals. */
  public static final double LEVEL = 0.95;

  /**
   * An accuracy with its interval.
   *
   * @param correct right predictions
   * @param total predictions
   * @param value {@code correct / total}
   * @param ci95 Wilson score 95% interval {@code [lo, hi]}
   */
  public record Accuracy(long correct, long total, double value, double[] ci95) {
    /** Copies the interval. */
    public Accuracy {
      ci95 = ci95.clone();
    }

    static Accuracy of(long correct, long total) {
      ConfidenceInterval ci =
          new WilsonScoreInterval().createInterval((int) total, (int) correct, LEVEL);
      double v = (double) correct / total;
      // the Wilson interval contains the estimate; clamp rounding at 0 and 1
      return new Accuracy(
          correct,
          total,
          v,
          new double[] {Math.min(v, ci.getLowerBound()), Math.max(v, ci.getUpperBound())});
    }
  }

  /**
   * The result for one factor.
   *
   * @param factor the factor name
   * @param accuracy accuracy on the images
   * @param symmetric symmetry-aware accuracy, or null when the factor has no declared symmetry
   * @param reconstructed accuracy on the VAE's reconstructions, or null without a VAE
   * @param reconstructedSymmetric symmetry-aware accuracy on reconstructions, or null
   * @param tolerant tolerant accuracy on the images (prediction in {@code N(y)})
   * @param reconstructedTolerant tolerant accuracy on reconstructions, or null without a VAE
   */
  public record FactorResult(
      String factor,
      Accuracy accuracy,
      Accuracy symmetric,
      Accuracy reconstructed,
      Accuracy reconstructedSymmetric,
      Accuracy tolerant,
      Accuracy reconstructedTolerant) {
    /**
     * The accuracy that decides whether the factor's CG is reliable: the symmetry-aware one when
     * declared, on reconstructions when measured (the lower of the two views).
     *
     * @return the deciding accuracy
     */
    public double deciding() {
      double a = (symmetric != null ? symmetric : accuracy).value();
      if (reconstructed != null) {
        Accuracy r = reconstructedSymmetric != null ? reconstructedSymmetric : reconstructed;
        a = Math.min(a, r.value());
      }
      return a;
    }

    /**
     * The accuracy on the images as CG with a read-out reads them: exact ({@link CgReadout#EXACT})
     * or tolerant ({@link CgReadout#TOLERANT}).
     *
     * @param readout the read-out
     * @return the accuracy
     */
    public Accuracy onImages(CgReadout readout) {
      return readout == CgReadout.TOLERANT ? tolerant : accuracy;
    }

    /**
     * The accuracy on reconstructions as CG with a read-out reads them.
     *
     * @param readout the read-out
     * @return the accuracy, or null without a VAE
     */
    public Accuracy onReconstructions(CgReadout readout) {
      return readout == CgReadout.TOLERANT ? reconstructedTolerant : reconstructed;
    }

    /**
     * The accuracy that decides whether the factor's CG is reliable when CG reads the classifier
     * with {@code readout}: the lower of images and reconstructions (when measured), each read the
     * same way as CG reads them.
     *
     * @param readout the read-out
     * @return the deciding accuracy
     */
    public double deciding(CgReadout readout) {
      double a = onImages(readout).value();
      Accuracy r = onReconstructions(readout);
      return r == null ? a : Math.min(a, r.value());
    }
  }

  /**
   * Checks a classifier on the given samples of a dataset.
   *
   * @param clf the classifier (its factors must be among the dataset's, same sizes)
   * @param clfDir the classifier folder, for messages
   * @param ds the dataset
   * @param indices the samples to check
   * @param vae a VAE whose reconstructions are checked too, or null
   * @param batchSize images per batch
   * @param progress called with the number of images checked so far
   * @return one result per classifier factor, in the classifier's order
   * @throws CandelaException when the dataset cannot be read or the factors do not match
   */
  public static List<FactorResult> check(
      FactorClassifier clf,
      Path clfDir,
      FactorDataset ds,
      long[] indices,
      VaeModel vae,
      int batchSize,
      LongConsumer progress)
      throws CandelaException {
    FactorSpace space = ds.space();
    List<ModelCard.FactorInfo> fs = clf.factors();
    int[] dsIndex = new int[fs.size()];
    for (int k = 0; k < fs.size(); k++) {
      int i = space.names().indexOf(fs.get(k).name());
      if (i < 0 || space.factors().get(i).size() != fs.get(k).size()) {
        throw new BadInputException(
            clfDir.resolve(ModelCard.FILE)
                + ": classifier factor '"
                + fs.get(k).name()
                + "' ("
                + fs.get(k).size()
                + " values) is not a factor of dataset '"
                + space.name()
                + "' "
                + space.names());
      }
      dsIndex[k] = i;
    }
    FactorSymmetries sym = FactorSymmetries.forDataset(space.name());
    FactorNeighbourhoods near = FactorNeighbourhoods.forSpace(space);
    int nf = fs.size();
    long[] ok = new long[nf];
    long[] okSym = new long[nf];
    long[] okTol = new long[nf];
    long[] okRec = new long[nf];
    long[] okRecSym = new long[nf];
    long[] okRecTol = new long[nf];
    int b = Math.max(1, batchSize);
    for (int a = 0; a < indices.length; a += b) {
      long[] part = Arrays.copyOfRange(indices, a, Math.min(indices.length, a + b));
      float[] images = ds.images(part);
      int[][] truth = new int[part.length][];
      for (int i = 0; i < part.length; i++) {
        truth[i] = ds.codes(part[i]);
      }
      int[][] pred = clf.predict(images, part.length);
      tally(pred, truth, dsIndex, space, sym, ok, okSym);
      tallyTolerant(pred, truth, dsIndex, near, okTol);
      if (vae != null) {
        float[] rec = vae.decode(vae.encodeMeans(images, part.length));
        int[][] predRec = clf.predict(rec, part.length, vae.card().input());
        tally(predRec, truth, dsIndex, space, sym, okRec, okRecSym);
        tallyTolerant(predRec, truth, dsIndex, near, okRecTol);
      }
      progress.accept(a + part.length);
    }
    long n = indices.length;
    List<FactorResult> out = new ArrayList<>();
    for (int k = 0; k < nf; k++) {
      boolean hasSym = sym.ruleOf(fs.get(k).name()) != null;
      out.add(
          new FactorResult(
              fs.get(k).name(),
              Accuracy.of(ok[k], n),
              hasSym ? Accuracy.of(okSym[k], n) : null,
              vae == null ? null : Accuracy.of(okRec[k], n),
              vae == null || !hasSym ? null : Accuracy.of(okRecSym[k], n),
              Accuracy.of(okTol[k], n),
              vae == null ? null : Accuracy.of(okRecTol[k], n)));
    }
    return out;
  }

  /**
   * Counts right predictions per classifier factor, raw and up to the declared symmetries.
   *
   * @param pred [sample][classifier factor] predicted codes
   * @param truth [sample][dataset factor] true codes
   * @param dsIndex per classifier factor, its dataset factor index
   * @param space the dataset's factors
   * @param sym the dataset's symmetries
   * @param ok raw counts, incremented
   * @param okSym symmetry-aware counts, incremented
   */
  public static void tally(
      int[][] pred,
      int[][] truth,
      int[] dsIndex,
      FactorSpace space,
      FactorSymmetries sym,
      long[] ok,
      long[] okSym) {
    for (int i = 0; i < pred.length; i++) {
      for (int k = 0; k < dsIndex.length; k++) {
        int t = truth[i][dsIndex[k]];
        if (pred[i][k] == t) {
          ok[k]++;
          okSym[k]++;
        } else if (sym.equivalent(space, dsIndex[k], truth[i], pred[i][k])) {
          okSym[k]++;
        }
      }
    }
  }

  /**
   * Counts predictions per classifier factor within the tolerant read-out's neighbourhood of the
   * true value ({@link FactorNeighbourhoods#tolerates}).
   *
   * @param pred [sample][classifier factor] predicted codes
   * @param truth [sample][dataset factor] true codes
   * @param dsIndex per classifier factor, its dataset factor index
   * @param near the dataset's neighbourhoods
   * @param okTol tolerant counts, incremented
   */
  public static void tallyTolerant(
      int[][] pred, int[][] truth, int[] dsIndex, FactorNeighbourhoods near, long[] okTol) {
    for (int i = 0; i < pred.length; i++) {
      for (int k = 0; k < dsIndex.length; k++) {
        if (near.tolerates(dsIndex[k], truth[i], pred[i][k])) {
          okTol[k]++;
        }
      }
    }
  }

  /**
   * The scores, details and warnings of a check, as a report holds them.
   *
   * @param scores {@code accuracy.F}, {@code accuracy_symmetric.F}, {@code accuracy_tolerant.F},
   *     {@code accuracy_reconstructed.F}, {@code accuracy_reconstructed_symmetric.F}, {@code
   *     accuracy_reconstructed_tolerant.F} (those measured)
   * @param details the same keys with the full {@link Accuracy}
   * @param warnings a line per factor whose deciding accuracy is below the reliable level
   */
  public record Summary(
      Map<String, Double> scores, Map<String, Object> details, List<String> warnings) {}

  /**
   * Collects a check's results into report scores and warnings.
   *
   * @param results the per-factor results
   * @param reliable the accuracy below which CG for a factor is unreliable
   * @param withReconstructions whether the check ran on a VAE's reconstructions too
   * @return the summary (its warnings list is mutable, for the caller's further warnings)
   */
  public static Summary summarize(
      List<FactorResult> results, double reliable, boolean withReconstructions) {
    Map<String, Double> scores = new LinkedHashMap<>();
    Map<String, Object> details = new LinkedHashMap<>();
    List<String> warnings = new ArrayList<>();
    for (FactorResult r : results) {
      put(scores, details, "accuracy." + r.factor(), r.accuracy());
      put(scores, details, "accuracy_symmetric." + r.factor(), r.symmetric());
      put(scores, details, "accuracy_tolerant." + r.factor(), r.tolerant());
      put(scores, details, "accuracy_reconstructed." + r.factor(), r.reconstructed());
      put(
          scores,
          details,
          "accuracy_reconstructed_symmetric." + r.factor(),
          r.reconstructedSymmetric());
      put(
          scores,
          details,
          "accuracy_reconstructed_tolerant." + r.factor(),
          r.reconstructedTolerant());
      if (r.deciding() < reliable) {
        warnings.add(
            String.format(
                Locale.ROOT,
                "factor '%s': accuracy %.3f < %.2f%s; CG for it would be unreliable",
                r.factor(),
                r.deciding(),
                reliable,
                withReconstructions ? " (the lower of images and reconstructions)" : ""));
      }
    }
    return new Summary(scores, details, warnings);
  }

  private static void put(
      Map<String, Double> scores, Map<String, Object> details, String key, Accuracy a) {
    if (a != null) {
      scores.put(key, a.value());
      details.put(key, a);
    }
  }

  /**
   * Records a check in a classifier's card, under {@code results.checks.<dataset file name>}: the
   * samples, the dataset's fingerprint, the seed, and per factor the accuracy and (where declared)
   * the symmetry-aware accuracy. The weights and their checksums are unchanged.
   *
   * @param card the classifier's card
   * @param dir the classifier folder (its card is rewritten)
   * @param dataset the dataset checked
   * @param fingerprint the dataset's fingerprint
   * @param seed the sampling seed
   * @param results the check's results
   * @throws BadInputException when the card cannot be written
   */
  public static void record(
      ModelCard card,
      Path dir,
      Path dataset,
      String fingerprint,
      long seed,
      List<FactorResult> results)
      throws BadInputException {
    Map<String, Object> entry = new LinkedHashMap<>();
    entry.put("samples", results.isEmpty() ? 0 : results.get(0).accuracy().total());
    entry.put("datasetFingerprint", fingerprint);
    entry.put("seed", seed);
    Map<String, Double> acc = new LinkedHashMap<>();
    Map<String, Double> sym = new LinkedHashMap<>();
    for (FactorResult r : results) {
      acc.put(r.factor(), r.accuracy().value());
      if (r.symmetric() != null) {
        sym.put(r.factor(), r.symmetric().value());
      }
    }
    entry.put("accuracy", acc);
    if (!sym.isEmpty()) {
      entry.put("accuracySymmetric", sym);
    }
    Map<String, Object> res = new LinkedHashMap<>(card.results());
    Map<String, Object> checks = new LinkedHashMap<>();
    if (res.get("checks") instanceof Map<?, ?> old) {
      old.forEach((k, v) -> checks.put(String.valueOf(k), v));
    }
    checks.put(dataset.getFileName().toString(), entry);
    res.put("checks", checks);
    card.withResults(res).write(dir);
  }
}
