package dev.candela.data.candle;

import dev.candela.BadInputException;
import dev.candela.MixedRadix;
import dev.candela.data.FactorDataset;
import dev.candela.data.FactorSpace;
import dev.candela.data.FactorSpecs;
import java.io.UncheckedIOException;

/**
 * CANDLE ids: the position of a factor combination in the product order scenes × lights ×
 * object_type × color × size × rotation (16 × 3 × 5 × 5 × 3 × 6 = 21,600), the first factor most
 * significant:
 *
 * <pre>id = ((((scene·3 + light)·5 + object)·5 + color)·3 + size)·6 + rotation</pre>
 *
 * <p>The factor space is read from the built-in specification {@code datasets/specs/candle.json}
 * (class path), the single source of the vocabularies and their order.
 */
public final class CandleIds {

  /** Class-path resource of the CANDLE factor specification. */
  public static final String SPEC_RESOURCE = "datasets/specs/candle.json";

  /** Class-path resource of the CANDLE confounding rules. */
  public static final String RULES_RESOURCE = "datasets/rules/candle.json";

  private static final FactorSpecs SPEC = load();

  /** Number of ids in the full grid (21,600). */
  public static final int GRID = Math.toIntExact(MixedRadix.size(SPEC.space().sizes()));

  private CandleIds() {}

  private static FactorSpecs load() {
    try {
      return FactorSpecs.fromResource("candle");
    } catch (BadInputException e) {
      throw new UncheckedIOException(new java.io.IOException(e.getMessage(), e));
    }
  }

  /**
   * The CANDLE factor space: scene 16, lights 3, object_type 5, color 5, size 3, rotation 6.
   *
   * @return the space
   */
  public static FactorSpace space() {
    return SPEC.space();
  }

  /**
   * The CANDLE image shape, 3 × 240 × 320.
   *
   * @return the shape
   */
  public static FactorDataset.ImageShape imageShape() {
    return SPEC.image();
  }

  /**
   * The factor codes of an id.
   *
   * @param id in {@code 0..GRID-1}
   * @return six codes in space order
   * @throws IllegalArgumentException when the id is out of range
   */
  public static int[] codes(int id) {
    return MixedRadix.decode(id, SPEC.space().sizes());
  }

  /**
   * The id of factor codes.
   *
   * @param codes six codes in space order
   * @return the id
   * @throws IllegalArgumentException when a code is out of range
   */
  public static int id(int[] codes) {
    return Math.toIntExact(MixedRadix.encode(codes, SPEC.space().sizes()));
  }
}
