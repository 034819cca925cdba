package dev.candela;

/**
 * The range checks of numeric settings, written once for every settings record: each throws a
 * {@link SettingException} that names the {@link Setting} and carries the value, e.g. {@code
 * batchSize must be at least 1, got 0} (the command line shows the flag instead of the name).
 */
public final class SettingChecks {
  private SettingChecks() {}

  /**
   * Checks that a setting, when given, is at least a minimum.
   *
   * @param value the value, or null when not given
   * @param min the least allowed value
   * @param setting the setting the message names
   * @throws SettingException {@code SETTING must be at least MIN, got VALUE}
   */
  public static void atLeast(Integer value, int min, Setting setting) {
    if (value != null && value < min) {
      throw new SettingException(setting, value, "must be at least " + min + ", got " + value);
    }
  }

  /**
   * Checks that a count, when given, is not negative.
   *
   * @param value the value, or null when not given
   * @param setting the setting the message names
   * @throws SettingException {@code SETTING must be >= 0, got VALUE}
   */
  public static void notNegative(Integer value, Setting setting) {
    if (value != null && value < 0) {
      throw new SettingException(setting, value, "must be >= 0, got " + value);
    }
  }

  /**
   * Checks that a count is positive.
   *
   * @param value the value
   * @param setting the setting the message names
   * @throws SettingException {@code SETTING must be > 0, got VALUE}
   */
  public static void positive(int value, Setting setting) {
    if (value <= 0) {
      throw new SettingException(setting, value, "must be > 0, got " + value);
    }
  }

  /**
   * Checks that a real setting is a finite positive number.
   *
   * @param value the value
   * @param setting the setting the message names
   * @throws SettingException {@code SETTING must be a finite number > 0, got VALUE} (also for NaN)
   */
  public static void finitePositive(double value, Setting setting) {
    if (!(value > 0) || Double.isInfinite(value)) {
      throw new SettingException(setting, value, "must be a finite number > 0, got " + value);
    }
  }

  /**
   * Checks that a real setting is a finite number that is not negative.
   *
   * @param value the value
   * @param setting the setting the message names
   * @throws SettingException {@code SETTING must be a finite number >= 0, got VALUE} (also for NaN)
   */
  public static void finiteNotNegative(double value, Setting setting) {
    if (!(value >= 0) || Double.isInfinite(value)) {
      throw new SettingException(setting, value, "must be a finite number >= 0, got " + value);
    }
  }
}
