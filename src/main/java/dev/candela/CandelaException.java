package dev.candela;

/**
 * The domain base exception: a checked failure of I/O, parsing or model loading. The message is one
 * line that names the file and the offending value.
 *
 * <p>Contract violations by callers are unchecked {@link IllegalArgumentException}s instead.
 * Subclass {@link BadInputException} marks errors that are the user's to fix (the CLI exits 2); any
 * other {@code CandelaException} is a failure (the CLI exits 1).
 */
public class CandelaException extends Exception {
  private static final long serialVersionUID = 1L;

  /**
   * Creates an exception.
   *
   * @param message one line naming the file and the value
   */
  public CandelaException(String message) {
    super(message);
  }

  /**
   * Creates an exception with a cause.
   *
   * @param message one line naming the file and the value
   * @param cause the underlying failure
   */
  public CandelaException(String message, Throwable cause) {
    super(message, cause);
  }
}
