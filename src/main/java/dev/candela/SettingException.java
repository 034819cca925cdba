package dev.candela;

/**
 * An invalid setting: a caller's contract violation (unchecked, as every {@link
 * IllegalArgumentException}) whose message names the setting as a value ({@link #setting()}) and
 * carries the offending value ({@link #value()}). {@link #getMessage()} reads in plain words, e.g.
 * {@code epochs must be > 0, got 0}; the command line shows {@code --epochs must be > 0, got 0}.
 */
public class SettingException extends IllegalArgumentException implements SettingError {
  private static final long serialVersionUID = 1L;

  /** The message; a {@link SettingText} is immutable. */
  private final transient SettingText text;

  /** The offending value; not serialised. */
  private final transient Object value;

  /**
   * An invalid setting, the message its name and the rest.
   *
   * @param setting the setting
   * @param value the offending value, or null
   * @param rest the rest of the message after the setting's name, e.g. {@code must be > 0, got 0}
   */
  public SettingException(Setting setting, Object value, String rest) {
    this(SettingText.of(setting, " " + rest), value);
  }

  /**
   * An invalid setting with a message of any shape.
   *
   * @param text the message, naming the setting (first) and any others involved
   * @param value the offending value (or values), or null
   */
  public SettingException(SettingText text, Object value) {
    super(text.plain());
    this.text = text;
    this.value = value;
  }

  @Override
  public SettingText settingText() {
    return text;
  }

  /**
   * The offending value.
   *
   * @return the value as given, or null when the message names none
   */
  public Object value() {
    return value;
  }
}
