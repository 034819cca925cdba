package dev.candela.data.validate;

import java.util.List;
import java.util.Objects;
import java.util.Set;

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

  /**
   * The {@code pair} findings of a sample folder: each {@code <id>.png} without its {@code
   * <id>.json}, then each {@code .json} without its {@code .png}.
   *
   * @param <T> the id type
   * @param pngs the ids with an image
   * @param jsons the ids with metadata
   * @param findings where the findings are added
   */
  public static <T> void unpaired(Set<T> pngs, Set<T> jsons, List<Finding> findings) {
    for (T id : pngs) {
      if (!jsons.contains(id)) {
        findings.add(new Finding(id + ".png", "pair", "no " + id + ".json beside the image"));
      }
    }
    for (T id : jsons) {
      if (!pngs.contains(id)) {
        findings.add(new Finding(id + ".json", "pair", "no " + id + ".png beside the metadata"));
      }
    }
  }

  @Override
  public String toString() {
    return file + ": [" + check + "] " + reason;
  }
}
