package dev.candela;

/**
 * Bad input that names settings (checked, exit code 2 as every {@link BadInputException}): an
 * output folder that needs {@code resume}, a file whose size a setting exceeds. The message carries
 * the settings as values ({@link #settingText()}); {@link #getMessage()} reads in plain words.
 */
public class BadSettingException extends BadInputException implements SettingError {
  private static final long serialVersionUID = 1L;

  /** The message; a {@link SettingText} is immutable. */
  private final transient SettingText text;

  /**
   * Creates an exception.
   *
   * @param text one line naming the file, the value and the settings
   */
  public BadSettingException(SettingText text) {
    super(text.plain());
    this.text = text;
  }

  /**
   * Creates an exception with a cause.
   *
   * @param text one line naming the file, the value and the settings
   * @param cause the underlying failure
   */
  public BadSettingException(SettingText text, Throwable cause) {
    super(text.plain(), cause);
    this.text = text;
  }

  @Override
  public SettingText settingText() {
    return text;
  }
}
