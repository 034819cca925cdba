package dev.candela.data.validate;

import java.util.Objects;

/**
 * One validation violation.
 *
 * @param file the offending file name (relative to the dataset folder)
 * @param check the check that failed: {@code name}, {@code pair}, {@code schema}, {@code
 *     vocabulary}, {@code id}, {@code duplicate}, {@code rule}, {@code image}, {@code bounds}
 * @param reason one line saying what is wrong, with the offending value
 */
public record Finding(String file, String check, String reason) {
  /** Validates non-null fields. */
  public Finding {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(check, "check");
    Objects.requireNonNull(reason, "reason");
  }

  @Override
  public String toString() {
    return file + ": [" + check + "] " + reason;
  }
}
