package dev.candela;

/**
 * Bad user input: a corrupt, missing or inconsistent file, a wrong shape, a non-finite value or an
 * unknown factor value. The message names the file and the value; the CLI exits with code 2.
 */
public class BadInputException extends CandelaException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates an exception.
   *
   * @param message one line naming the file and the value
   */
  public BadInputException(String message) {
    super(message);
  }

  /**
   * Creates an exception with a cause.
   *
   * @param message one line naming the file and the value
   * @param cause the underlying failure
   */
  public BadInputException(String message, Throwable cause) {
    super(message, cause);
  }
}
