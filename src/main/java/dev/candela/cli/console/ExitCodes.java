package dev.candela.cli.console;

/** The exit codes of every {@code candela} command. */
public final class ExitCodes {
  private ExitCodes() {}

  /** Success. */
  public static final int OK = 0;

  /** A failure that is not the user's input. */
  public static final int FAILURE = 1;

  /** Bad input or usage. */
  public static final int BAD_INPUT = 2;
}
