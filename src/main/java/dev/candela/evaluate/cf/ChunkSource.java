package dev.candela.evaluate.cf;

import dev.candela.BadInputException;
import dev.candela.CandelaException;

/**
 * Supplies the latent codes and true factor codes of a range of samples to the {@link
 * CounterfactualJob} (for example by reading a dataset and encoding its images).
 */
@FunctionalInterface
public interface ChunkSource {

  /**
   * Reads samples {@code from..to−1}.
   *
   * @param from the first sample index (inclusive)
   * @param to the end index (exclusive), {@code > from}
   * @return their latents and codes (and optionally images)
   * @throws CandelaException when the samples cannot be read
   */
  CfChunk read(int from, int to) throws CandelaException;

  /**
   * Reads samples {@code from..to−1} and checks what came back: as many samples as asked for, and
   * every latent value finite.
   *
   * @param from the first sample index (inclusive)
   * @param to the end index (exclusive), {@code > from}
   * @return their latents and codes (and optionally images)
   * @throws CandelaException when the samples cannot be read, or the source returned another number
   *     of samples or a latent value that is not finite
   */
  default CfChunk checkedRead(int from, int to) throws CandelaException {
    CfChunk c = read(from, to);
    if (c.size() != to - from) {
      throw new CandelaException(
          "source returned " + c.size() + " samples for " + from + ".." + (to - 1));
    }
    float[][] z = c.latents();
    for (int s = 0; s < z.length; s++) {
      for (int j = 0; j < z[s].length; j++) {
        if (!Float.isFinite(z[s][j])) {
          throw new BadInputException(
              "latent value "
                  + z[s][j]
                  + " at sample "
                  + (from + s)
                  + ", latent "
                  + j
                  + " is not finite");
        }
      }
    }
    return c;
  }
}
