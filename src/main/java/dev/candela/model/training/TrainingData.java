package dev.candela.model.training;

import dev.candela.CandelaException;
import dev.candela.Setting;
import dev.candela.SettingException;
import dev.candela.SettingText;
import dev.candela.data.FactorDataset;
import dev.candela.data.candle.CandleDataset;
import dev.candela.data.candle.CandleMetadata;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.ImageResize;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.LongConsumer;

/**
 * A training subset held in memory as network inputs (area-resized to the network's input size when
 * needed), with the factor codes of every sample and, for CANDLE folders, the bounding-box masks.
 */
final class TrainingData {
  /**
   * Largest in-memory subset (floats): half the Java heap, at most one Java array.
   *
   * @return the limit
   */
  static long maxFloats() {
    return Math.min(Integer.MAX_VALUE - 8L, Runtime.getRuntime().maxMemory() / Float.BYTES / 2);
  }

  final ModelCard.Shape source;
  final ModelCard.Shape input;
  final long[] indices;
  final float[] images;
  final int[][] codes;
  final float[] boxes; // null unless requested: n × input height × input width masks

  private TrainingData(
      ModelCard.Shape source,
      ModelCard.Shape input,
      long[] indices,
      float[] images,
      int[][] codes,
      float[] boxes) {
    this.source = source;
    this.input = input;
    this.indices = indices;
    this.images = images;
    this.codes = codes;
    this.boxes = boxes;
  }

  int size() {
    return indices.length;
  }

  /**
   * Records the training dataset's provenance in a card's {@code training} map: its fingerprint
   * and, when the format records one, its source ({@link FactorDataset#source}, read once).
   *
   * @param training the card's training map
   * @param ds the training dataset
   * @throws CandelaException when the dataset cannot be read
   */
  static void recordDataset(java.util.Map<String, Object> training, FactorDataset ds)
      throws CandelaException {
    training.put("datasetFingerprint", ds.fingerprint());
    java.util.Map<String, Object> source = ds.source();
    if (!source.isEmpty()) {
      training.put("datasetSource", source);
    }
  }

  /**
   * The dataset indices of a seeded subset, increasing (all indices when count ≥ size or 0).
   *
   * @param size dataset size
   * @param count wanted count, 0 for all
   * @param seed seed
   * @return indices
   */
  static long[] subset(long size, int count, long seed) {
    if (count == 0 || count >= size) {
      if (size > Integer.MAX_VALUE) {
        throw new SettingException(
            SettingText.of(
                "dataset has " + size + " samples; ",
                SettingText.set(Setting.LIMIT),
                " to train on a subset"),
            size);
      }
      long[] all = new long[(int) size];
      Arrays.setAll(all, i -> i);
      return all;
    }
    SplittableRandom rng = new SplittableRandom(seed);
    java.util.HashSet<Long> chosen = new java.util.HashSet<>();
    while (chosen.size() < count) {
      chosen.add(rng.nextLong(size));
    }
    long[] out = chosen.stream().mapToLong(Long::longValue).sorted().toArray();
    return out;
  }

  /**
   * Loads samples, area-resized to a network input size (unchanged when the dataset's images have
   * that size).
   *
   * @param ds the dataset
   * @param indices sample indices
   * @param height network input height
   * @param width network input width
   * @param withBoxes whether to build bounding-box masks (CANDLE folders only)
   * @param progress called with the number of loaded samples
   * @return the data
   * @throws CandelaException when the dataset cannot be read or lacks boxes
   */
  static TrainingData load(
      FactorDataset ds,
      long[] indices,
      int height,
      int width,
      boolean withBoxes,
      LongConsumer progress)
      throws CandelaException {
    FactorDataset.ImageShape is = ds.imageShape();
    ModelCard.Shape source = new ModelCard.Shape(is.channels(), is.height(), is.width());
    ModelCard.Shape input = new ModelCard.Shape(is.channels(), height, width);
    long max = maxFloats();
    if ((long) indices.length * input.volume() > max) {
      throw new SettingException(
          SettingText.of(
              indices.length
                  + " training images of "
                  + input
                  + " do not fit in half the Java heap ("
                  + Runtime.getRuntime().maxMemory() / (1 << 20)
                  + " MiB); use at most "
                  + max / input.volume()
                  + " (",
              Setting.LIMIT,
              " or ",
              Setting.TRAIN_COUNT,
              ") or a larger -Xmx in CANDELA_JAVA_OPTS"),
          indices.length);
    }
    if (withBoxes && !(ds instanceof CandleDataset)) {
      throw new IllegalArgumentException(
          "ss-fvae-bb needs bounding boxes, which only CANDLE folders carry; dataset '"
              + ds.space().name()
              + "' has none");
    }
    int n = indices.length;
    float[] images = new float[n * input.volume()];
    int[][] codes = new int[n][];
    float[] boxes = withBoxes ? new float[n * input.height() * input.width()] : null;
    int chunk = 64;
    for (int s = 0; s < n; s += chunk) {
      int b = Math.min(chunk, n - s);
      long[] idx = Arrays.copyOfRange(indices, s, s + b);
      float[] raw = ds.images(idx);
      float[] x = ImageResize.area(raw, b, source, input);
      System.arraycopy(x, 0, images, s * input.volume(), x.length);
      for (int i = 0; i < b; i++) {
        codes[s + i] = ds.codes(idx[i]);
        if (withBoxes) {
          CandleMetadata m = ((CandleDataset) ds).metadata(idx[i]);
          fillBox(boxes, (s + i) * input.height() * input.width(), m, source, input);
        }
      }
      progress.accept(s + b);
    }
    return new TrainingData(source, input, indices, images, codes, boxes);
  }

  /** 1 inside the object's bounding box (converted to image rows and scaled), else 0. */
  private static void fillBox(
      float[] boxes, int off, CandleMetadata m, ModelCard.Shape source, ModelCard.Shape input) {
    CandleMetadata.Bounds bb = m.bounds();
    double sx = (double) input.width() / source.width();
    double sy = (double) input.height() / source.height();
    double x0 = bb.xmin() * sx;
    double x1 = bb.xmax() * sx;
    double r0 = (source.height() - bb.ymax()) * sy;
    double r1 = (source.height() - bb.ymin()) * sy;
    for (int r = 0; r < input.height(); r++) {
      for (int c = 0; c < input.width(); c++) {
        double cy = r + 0.5;
        double cx = c + 0.5;
        if (cx >= x0 && cx <= x1 && cy >= r0 && cy <= r1) {
          boxes[off + r * input.width() + c] = 1f;
        }
      }
    }
  }
}
