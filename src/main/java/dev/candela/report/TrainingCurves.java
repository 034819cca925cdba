package dev.candela.report;

import dev.candela.AtomicFiles;
import dev.candela.CandelaException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/** The training curves figure ({@code training.png}): every logged curve against the step. */
public final class TrainingCurves {
  private TrainingCurves() {}

  /**
   * Draws the curves into a PNG, atomically (an interrupted run keeps the previous figure).
   *
   * @param png the file
   * @param steps per curve, its steps
   * @param values per curve, its values
   * @throws CandelaException when the file cannot be written
   */
  public static void write(Path png, Map<String, double[]> steps, Map<String, double[]> values)
      throws CandelaException {
    try {
      AtomicFiles.writeBytes(png, Plots.curves("training", steps, values, null));
    } catch (IOException e) {
      throw new CandelaException(png + ": cannot write (" + e.getMessage() + ")", e);
    }
  }
}
