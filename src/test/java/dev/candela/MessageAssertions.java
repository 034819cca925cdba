package dev.candela;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.function.Executable;

/**
 * Assertions that a call is refused with a message naming what was wrong: the exception's type,
 * then each expected part of its message (the message is shown when a part is missing).
 */
public final class MessageAssertions {
  private MessageAssertions() {}

  /**
   * Asserts that the call throws an {@link IllegalArgumentException} whose message contains every
   * part.
   *
   * @param call the call that must be refused
   * @param parts what the message must contain
   * @return the exception, for further checks
   */
  public static IllegalArgumentException assertRejects(Executable call, String... parts) {
    return assertThrowsNaming(IllegalArgumentException.class, call, parts);
  }

  /**
   * Asserts that the call throws a {@link BadInputException} whose message contains every part.
   *
   * @param call the call that must be refused
   * @param parts what the message must contain
   * @return the exception, for further checks
   */
  public static BadInputException assertBadInput(Executable call, String... parts) {
    return assertThrowsNaming(BadInputException.class, call, parts);
  }

  /**
   * Asserts that the call throws the given type whose message contains every part.
   *
   * @param type the exception's type
   * @param call the call that must throw
   * @param parts what the message must contain
   * @param <T> the exception's type
   * @return the exception, for further checks
   */
  public static <T extends Throwable> T assertThrowsNaming(
      Class<T> type, Executable call, String... parts) {
    T e = assertThrows(type, call);
    for (String part : parts) {
      assertTrue(e.getMessage().contains(part), e.getMessage());
    }
    return e;
  }
}
