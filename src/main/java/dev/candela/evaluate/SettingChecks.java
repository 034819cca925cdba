package dev.candela.evaluate;

/** The range check of the evaluation settings: its message names the setting and the value. */
final class SettingChecks {
  private SettingChecks() {}

  /**
   * Checks that a setting, when given, is at least a minimum.
   *
   * @param value the value, or null when not given
   * @param min the least allowed value
   * @param name the setting's name in the message
   * @throws IllegalArgumentException {@code NAME must be at least MIN, got VALUE}
   */
  static void atLeast(Integer value, int min, String name) {
    if (value != null && value < min) {
      throw new IllegalArgumentException(name + " must be at least " + min + ", got " + value);
    }
  }
}
