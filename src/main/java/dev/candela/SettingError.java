package dev.candela;

/**
 * An exception whose message names settings: it carries the message as a {@link SettingText}, so
 * that a command line can show the flags that set them where its {@link Throwable#getMessage()}
 * reads in plain words. Implemented by {@link SettingException} (an invalid setting, unchecked) and
 * {@link BadSettingException} (bad input that a setting fixes, checked).
 */
public interface SettingError {

  /**
   * The message, with the settings it names as values.
   *
   * @return the message; its {@link SettingText#plain()} is the exception's message
   */
  SettingText settingText();

  /**
   * The setting the message is about: the first it names.
   *
   * @return the setting
   */
  default Setting setting() {
    return settingText().setting();
  }

  /**
   * The message of any exception as a {@link SettingText}: the structured one of a {@link
   * SettingError}, else the plain message as words ({@code null} when it has none).
   *
   * @param e the exception
   * @return the message, or null when {@code e} has no message
   */
  static SettingText of(Throwable e) {
    if (e instanceof SettingError s) {
      return s.settingText();
    }
    return e.getMessage() == null ? null : SettingText.of(e.getMessage());
  }
}
