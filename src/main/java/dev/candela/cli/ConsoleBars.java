package dev.candela.cli;

import dev.candela.BadInputException;
import dev.candela.synth.DSpritesGenerator;
import java.nio.file.Path;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;

/** Console progress bars on standard error for the commands, and the library calls they wrap. */
public final class ConsoleBars {
  private ConsoleBars() {}

  /**
   * A progress bar on standard error.
   *
   * @param task the task name shown before the bar
   * @param max the number of steps
   * @param updateMillis the refresh interval in milliseconds, or 0 for the library default
   * @return the bar; close it
   */
  public static ProgressBar onStderr(String task, long max, int updateMillis) {
    ProgressBarBuilder b =
        new ProgressBarBuilder()
            .setTaskName(task)
            .setInitialMax(max)
            .setConsumer(new ConsoleProgressBarConsumer(System.err));
    if (updateMillis > 0) {
      b.setUpdateIntervalMillis(updateMillis);
    }
    return b.build();
  }

  /**
   * Draws a dSprites-format npz ({@link DSpritesGenerator#write}) with a progress bar on standard
   * error.
   *
   * @param out the output
   * @param indices sorted flat indices, or null for all
   * @param n the image count
   * @param drawing how the images are drawn
   * @throws BadInputException when writing fails
   */
  public static void writeDsprites(
      Path out, long[] indices, long n, dev.candela.data.DSpritesDrawing drawing)
      throws BadInputException {
    try (ProgressBar pb = onStderr("dsprites", n, 500)) {
      DSpritesGenerator.write(out, indices, drawing, pb::stepTo);
    }
  }
}
