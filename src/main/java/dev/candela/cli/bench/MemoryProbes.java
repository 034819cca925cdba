package dev.candela.cli.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * What the memory benches measure: the heap in use after a collection, and fields of a Linux
 * process's status file {@code /proc/PID/status} (lines {@code VmRSS: 1234 kB}), their own resident
 * memory or a child's peak; sizes in MiB.
 */
final class MemoryProbes {
  /** Bytes in a MiB. */
  static final double MIB = 1024.0 * 1024.0;

  /** This process's status file. */
  static final Path SELF = Path.of("/proc/self/status");

  private MemoryProbes() {}

  /**
   * The heap in use after {@code System.gc()}.
   *
   * @return MiB
   */
  static double heapMiBAfterGc() {
    Runtime rt = Runtime.getRuntime();
    System.gc();
    return (rt.totalMemory() - rt.freeMemory()) / MIB;
  }

  /**
   * A process's status file.
   *
   * @param pid the process id
   * @return {@code /proc/PID/status}
   */
  static Path status(long pid) {
    return Path.of("/proc", Long.toString(pid), "status");
  }

  /**
   * The values of the named fields, in kB.
   *
   * @param status the status file
   * @param missing the value of a field the file lacks, and of all when it cannot be read (the
   *     process has ended, or this is not Linux)
   * @param fields the fields' names without the colon, e.g. {@code VmRSS}
   * @return one value per field, in their order
   */
  static long[] kb(Path status, long missing, String... fields) {
    long[] kb = new long[fields.length];
    Arrays.fill(kb, missing);
    try {
      for (String line : Files.readAllLines(status)) {
        String[] parts = line.trim().split("\\s+");
        if (parts.length < 2) {
          continue;
        }
        for (int i = 0; i < fields.length; i++) {
          if (parts[0].equals(fields[i] + ":")) {
            kb[i] = Long.parseLong(parts[1]);
          }
        }
      }
    } catch (IOException | NumberFormatException e) {
      return kb;
    }
    return kb;
  }
}
