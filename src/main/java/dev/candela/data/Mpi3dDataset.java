package dev.candela.data;

import dev.candela.BadInputException;
import dev.candela.MixedRadix;
import dev.candela.data.npy.NpyArray;
import dev.candela.data.npy.NpzFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * MPI3D ({@code mpi3d_toy.npz}, {@code mpi3d_realistic.npz}, {@code mpi3d_real.npz}): one array
 * {@code images} (N, 64, 64, 3) uint8 in the product order object_color, object_shape, object_size,
 * camera_height, background_color, horizontal_axis, vertical_axis (first factor most significant),
 * so a sample's codes follow from its index. The factor sizes are inferred from N ({@link
 * #factorSizes(long)}): 1,036,800 → 6,6,2,3,3,40,40 and 460,800 → 4,4,2,3,3,40,40; for the 4-value
 * releases the vocabularies are the first four names of {@code datasets/specs/mpi3d.json} (only the
 * codes are meaningful there). Images are returned as 3×64×64 floats in [0, 1] (value / 255). The
 * entry is memory-mapped (or streamed when deflated).
 */
public final class Mpi3dDataset extends FixedLayoutDataset {
  private static final int[] SIZES_6 = {6, 6, 2, 3, 3, 40, 40};
  private static final int[] SIZES_4 = {4, 4, 2, 3, 3, 40, 40};

  private final NpzFile npz;
  private final NpyArray images;
  private final int[] sizes;

  private Mpi3dDataset(NpzFile npz, NpyArray images, FactorSpace space, ImageShape shape, long n) {
    super(space, shape, n);
    this.npz = npz;
    this.images = images;
    this.sizes = space.sizes();
  }

  /**
   * The factor sizes of an MPI3D release with N images.
   *
   * @param n the number of images
   * @return the seven factor sizes
   * @throws IllegalArgumentException naming N when it matches no known release
   */
  public static int[] factorSizes(long n) {
    if (n == MixedRadix.size(SIZES_6)) {
      return SIZES_6.clone();
    }
    if (n == MixedRadix.size(SIZES_4)) {
      return SIZES_4.clone();
    }
    throw new IllegalArgumentException(
        "MPI3D with "
            + n
            + " images matches no known release (1036800 = 6x6x2x3x3x40x40 or "
            + "460800 = 4x4x2x3x3x40x40)");
  }

  /**
   * The factor space of an MPI3D release with N images.
   *
   * @param n the number of images
   * @return the space, with vocabularies truncated to the inferred sizes
   * @throws BadInputException when the built-in specification cannot be read
   * @throws IllegalArgumentException when N matches no release
   */
  public static FactorSpace space(long n) throws BadInputException {
    int[] sz = factorSizes(n);
    FactorSpace full = FactorSpecs.fromResource("mpi3d").space();
    List<FactorSpace.Factor> fs = new ArrayList<>();
    for (int k = 0; k < sz.length; k++) {
      FactorSpace.Factor f = full.factors().get(k);
      fs.add(new FactorSpace.Factor(f.name(), f.values().subList(0, sz[k])));
    }
    return new FactorSpace(full.name(), fs);
  }

  /**
   * Opens an MPI3D npz.
   *
   * @param file the npz
   * @return the dataset
   * @throws BadInputException when {@code images} is missing, has the wrong shape or dtype, or N
   *     matches no known release
   */
  public static Mpi3dDataset open(Path file) throws BadInputException {
    FactorSpecs spec = FactorSpecs.fromResource("mpi3d");
    NpzFile z = NpzFile.open(file);
    try {
      if (!z.contains("images")) {
        throw new BadInputException(
            file + ": not an MPI3D npz: no 'images' array (arrays: " + z.keys() + ")");
      }
      NpyArray imgs = z.array("images");
      long[] s = imgs.shape();
      ImageShape is = spec.image();
      if (s.length != 4
          || s[1] != is.height()
          || s[2] != is.width()
          || s[3] != is.channels()
          || imgs.dtype().itemSize() != 1) {
        imgs.close();
        throw DatasetSupport.shapeError(imgs.location(), "(N, 64, 64, 3) uint8", s);
      }
      FactorSpace space;
      try {
        space = space(s[0]);
      } catch (IllegalArgumentException e) {
        imgs.close();
        throw new BadInputException(imgs.location() + ": " + e.getMessage(), e);
      }
      return new Mpi3dDataset(z, imgs, space, is, s[0]);
    } catch (BadInputException e) {
      z.close();
      throw e;
    }
  }

  @Override
  public int[] codes(long index) {
    DatasetSupport.checkIndex(index, n);
    return MixedRadix.decode(index, sizes);
  }

  @Override
  public float[] images(long[] indices) throws BadInputException {
    int vol = shape.volume();
    float[] out = new float[indices.length * vol];
    byte[] buf = new byte[vol];
    for (int i = 0; i < indices.length; i++) {
      codes(indices[i]);
      images.readBytes(indices[i] * vol, buf, 0, vol);
      DatasetSupport.hwcToChw(buf, out, i * vol, shape, 1f / 255f);
    }
    return out;
  }

  @Override
  public void close() throws BadInputException {
    images.close();
    npz.close();
  }
}
