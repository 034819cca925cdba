package dev.candela.data;

import dev.candela.BadInputException;
import io.jhdf.HdfFile;
import io.jhdf.api.Dataset;
import io.jhdf.api.Node;
import io.jhdf.exceptions.HdfException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * 3dshapes ({@code 3dshapes.h5}), read with jhdf: {@code images} (N, 64, 64, 3) uint8 and {@code
 * labels} (N, 6) float64 in the factor order floor_hue, wall_hue, object_hue, scale, shape,
 * orientation. A label is mapped to its code by the nearest value of the factor's vocabulary in
 * {@code datasets/specs/3dshapes.json}, which must lie within {@value #TOLERANCE} (relative to
 * max(1, |value|)); anything else is a {@link BadInputException}. Each request reads only the
 * requested rows (hyperslab reads of a contiguous dataset). Images are returned as 3×64×64 floats
 * in [0, 1] (value / 255; 8-bit data is read as unsigned whatever its declared sign).
 */
public final class Shapes3dDataset extends FixedLayoutDataset {
  /** Largest accepted distance between a label and its vocabulary value. */
  public static final double TOLERANCE = 1e-6;

  private final Path file;
  private final HdfFile hdf;
  private final Dataset images;
  private final Dataset labels;

  private Shapes3dDataset(
      Path file, HdfFile hdf, Dataset images, Dataset labels, FactorSpecs spec, long n) {
    super(spec.space(), spec.image(), n);
    this.file = file;
    this.hdf = hdf;
    this.images = images;
    this.labels = labels;
  }

  /**
   * Opens a 3dshapes HDF5 file.
   *
   * @param file the {@code .h5}
   * @return the dataset
   * @throws BadInputException when the file is missing, not HDF5, or lacks correctly shaped {@code
   *     images} and {@code labels}
   */
  public static Shapes3dDataset open(Path file) throws BadInputException {
    FactorSpecs spec = FactorSpecs.fromResource("3dshapes");
    if (!Files.isRegularFile(file)) {
      throw new BadInputException(file + ": no such file");
    }
    HdfFile hdf;
    try {
      hdf = new HdfFile(file);
    } catch (HdfException e) {
      throw new BadInputException(file + ": not a readable HDF5 file (" + e.getMessage() + ")", e);
    }
    try {
      Dataset images = dataset(hdf, file, "images");
      Dataset labels = dataset(hdf, file, "labels");
      int[] d = images.getDimensions();
      ImageShape is = spec.image();
      if (d.length != 4 || d[1] != is.height() || d[2] != is.width() || d[3] != is.channels()) {
        throw new BadInputException(
            file + "[images]: expected shape (N, 64, 64, 3), got " + Arrays.toString(d));
      }
      int[] l = labels.getDimensions();
      if (l.length != 2 || l[0] != d[0] || l[1] != 6) {
        throw new BadInputException(
            file + "[labels]: expected shape (" + d[0] + ", 6), got " + Arrays.toString(l));
      }
      return new Shapes3dDataset(file, hdf, images, labels, spec, d[0]);
    } catch (BadInputException e) {
      hdf.close();
      throw e;
    } catch (HdfException e) {
      hdf.close();
      throw new BadInputException(file + ": cannot read HDF5 (" + e.getMessage() + ")", e);
    }
  }

  private static Dataset dataset(HdfFile hdf, Path file, String name) throws BadInputException {
    Node node = hdf.getChildren().get(name);
    if (!(node instanceof Dataset ds)) {
      throw new BadInputException(
          file
              + ": not a 3dshapes file: no dataset '"
              + name
              + "' (found "
              + hdf.getChildren().keySet()
              + ")");
    }
    return ds;
  }

  @Override
  public int[] codes(long index) throws BadInputException {
    DatasetSupport.checkIndex(index, n);
    double[] row = labels(index, 1)[0];
    return toCodes(row, index);
  }

  /**
   * The raw labels of consecutive samples.
   *
   * @param start first sample
   * @param count number of samples
   * @return {@code count × 6} labels
   * @throws BadInputException when the labels cannot be read
   */
  public double[][] labels(long start, int count) throws BadInputException {
    try {
      Object o = labels.getData(new long[] {start, 0}, new int[] {count, 6});
      if (o instanceof double[][] d) {
        return d;
      }
      if (o instanceof float[][] f) {
        double[][] d = new double[f.length][];
        for (int i = 0; i < f.length; i++) {
          d[i] = new double[f[i].length];
          for (int k = 0; k < f[i].length; k++) {
            d[i][k] = f[i][k];
          }
        }
        return d;
      }
      throw new BadInputException(
          file + "[labels]: expected floating-point labels, got " + o.getClass().getSimpleName());
    } catch (HdfException e) {
      throw new BadInputException(file + "[labels]: cannot read (" + e.getMessage() + ")", e);
    }
  }

  private int[] toCodes(double[] row, long index) throws BadInputException {
    List<FactorSpace.Factor> fs = space.factors();
    int[] codes = new int[fs.size()];
    for (int k = 0; k < codes.length; k++) {
      List<Object> vals = fs.get(k).values();
      int best = -1;
      double bestD = Double.POSITIVE_INFINITY;
      for (int j = 0; j < vals.size(); j++) {
        double d = Math.abs(((Number) vals.get(j)).doubleValue() - row[k]);
        if (d < bestD) {
          bestD = d;
          best = j;
        }
      }
      if (!(bestD <= TOLERANCE * Math.max(1, Math.abs(row[k])))) {
        throw new BadInputException(
            file
                + "[labels]: value "
                + row[k]
                + " of factor '"
                + fs.get(k).name()
                + "' at sample "
                + index
                + " is not in the vocabulary "
                + vals);
      }
      codes[k] = best;
    }
    return codes;
  }

  @Override
  public float[] images(long[] indices) throws BadInputException {
    ImageShape s = shape;
    int vol = s.volume();
    float[] out = new float[indices.length * vol];
    byte[] buf = new byte[vol];
    for (int i = 0; i < indices.length; i++) {
      DatasetSupport.checkIndex(indices[i], n);
      Object o;
      try {
        o =
            images.getData(
                new long[] {indices[i], 0, 0, 0},
                new int[] {1, s.height(), s.width(), s.channels()});
      } catch (HdfException e) {
        throw new BadInputException(
            file + "[images]: cannot read sample " + indices[i] + " (" + e.getMessage() + ")", e);
      }
      int[] pos = {0};
      flatten(o, buf, pos);
      if (pos[0] != vol) {
        throw new BadInputException(
            file
                + "[images]: sample "
                + indices[i]
                + " has "
                + pos[0]
                + " values, expected "
                + vol);
      }
      DatasetSupport.hwcToChw(buf, out, i * vol, s, 1f / 255f);
    }
    return out;
  }

  private void flatten(Object o, byte[] dst, int[] pos) throws BadInputException {
    if (o instanceof byte[] b) {
      System.arraycopy(b, 0, dst, pos[0], b.length);
      pos[0] += b.length;
    } else if (o instanceof short[] sh) {
      for (short v : sh) {
        dst[pos[0]++] = (byte) v;
      }
    } else if (o instanceof int[] in) {
      for (int v : in) {
        dst[pos[0]++] = (byte) v;
      }
    } else if (o instanceof Object[] arr) {
      for (Object x : arr) {
        flatten(x, dst, pos);
      }
    } else {
      throw new BadInputException(
          file + "[images]: expected 8-bit integer pixels, got " + o.getClass().getSimpleName());
    }
  }

  @Override
  public void close() {
    hdf.close();
  }
}
