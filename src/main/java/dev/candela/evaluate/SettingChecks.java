package dev.candela.evaluate;

import dev.candela.Setting;
import dev.candela.SettingException;

/** The range check of the evaluation settings: its message names the setting and the value. */
final class SettingChecks {
  private SettingChecks() {}

  /**
   * Checks that a setting, when given, is at least a minimum.
   *
   * @param value the value, or null when not given
   * @param min the least allowed value
   * @param setting the setting the message names
   * @throws SettingException {@code SETTING must be at least MIN, got VALUE}
   */
  static void atLeast(Integer value, int min, Setting setting) {
    if (value != null && value < min) {
      throw new SettingException(setting, value, "must be at least " + min + ", got " + value);
    }
  }
}
