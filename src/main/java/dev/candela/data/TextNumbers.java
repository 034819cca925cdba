package dev.candela.data;

import dev.candela.BadInputException;
import java.nio.file.Path;

/**
 * Numbers read from a line of a text file (CSV chunks, graph files), with one message shape for a
 * cell that is not one: {@code FILE: line N: 'TEXT' is not an integer} (or {@code a number}).
 */
public final class TextNumbers {
  private TextNumbers() {}

  /**
   * An int.
   *
   * @param file the file, for the message
   * @param line the 1-based line, for the message
   * @param s the text
   * @return its value
   * @throws BadInputException naming the file, the line and the text
   */
  public static int parseInt(Path file, int line, String s) throws BadInputException {
    try {
      return Integer.parseInt(s);
    } catch (NumberFormatException e) {
      throw notA("an integer", file, line, s, e);
    }
  }

  /**
   * A long.
   *
   * @param file the file, for the message
   * @param line the 1-based line, for the message
   * @param s the text
   * @return its value
   * @throws BadInputException naming the file, the line and the text
   */
  public static long parseLong(Path file, int line, String s) throws BadInputException {
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      throw notA("an integer", file, line, s, e);
    }
  }

  /**
   * A double.
   *
   * @param file the file, for the message
   * @param line the 1-based line, for the message
   * @param s the text
   * @return its value
   * @throws BadInputException naming the file, the line and the text
   */
  public static double parseDouble(Path file, int line, String s) throws BadInputException {
    try {
      return Double.parseDouble(s);
    } catch (NumberFormatException e) {
      throw notA("a number", file, line, s, e);
    }
  }

  private static BadInputException notA(
      String what, Path file, int line, String s, NumberFormatException e) {
    return new BadInputException(file + ": line " + line + ": '" + s + "' is not " + what, e);
  }
}
