package dev.candela;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The one way Candela writes a file under its final name: the content goes to a unique temporary
 * file in the same folder ({@code .NAME.<random>.tmp}), which is renamed onto the final name with
 * an atomic move only once it is complete. A reader therefore sees either the previous file or the
 * whole new one, never a prefix; a killed writer leaves at most a hidden {@code .tmp} file, never a
 * truncated file under the final name. Because every writer gets its own temporary name, two
 * processes writing the same target do not corrupt each other: the last rename wins, and both
 * renames install a complete file. Files are written with the permissions any new file gets under
 * the process umask (0644 under umask 022), not the 0600 of a temporary file.
 */
public final class AtomicFiles {
  private AtomicFiles() {}

  /** Writes the content of one file to the temporary path it is given. */
  @FunctionalInterface
  public interface Body {
    /**
     * Writes the whole file.
     *
     * @param tmp the temporary file to write (it exists and is empty)
     * @throws IOException when writing fails
     * @throws CandelaException when producing the content fails
     */
    void write(Path tmp) throws IOException, CandelaException;
  }

  /**
   * Writes {@code target} through a temporary sibling and an atomic rename; creates missing parent
   * folders. When {@code body} throws, the temporary file is deleted and the target is untouched.
   *
   * @param target the final file
   * @param body writes the content to the temporary file it is given
   * @throws IOException when writing or renaming fails
   * @throws CandelaException when {@code body} throws one
   */
  public static void write(Path target, Body body) throws IOException, CandelaException {
    Path tmp = newTemp(target);
    boolean done = false;
    try {
      body.write(tmp);
      commit(tmp, target);
      done = true;
    } finally {
      if (!done) {
        Files.deleteIfExists(tmp);
      }
    }
  }

  /**
   * Writes text (UTF-8) atomically.
   *
   * @param target the final file
   * @param text the content
   * @throws IOException when writing or renaming fails
   */
  public static void writeString(Path target, CharSequence text) throws IOException {
    writeBytes(target, text.toString().getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Writes bytes atomically.
   *
   * @param target the final file
   * @param bytes the content
   * @throws IOException when writing or renaming fails
   */
  public static void writeBytes(Path target, byte[] bytes) throws IOException {
    try {
      write(target, tmp -> Files.write(tmp, bytes));
    } catch (CandelaException e) {
      throw new IllegalStateException("unreachable: writing bytes throws no CandelaException", e);
    }
  }

  /**
   * Creates a new, empty, uniquely named temporary file next to {@code target} (same folder, so the
   * final rename is atomic), creating missing parent folders. The caller must either {@link
   * #commit} it or delete it. Its name, {@code .NAME.<pid>-<random>.tmp}, carries this process's
   * id: if the process is stopped by a signal, a shutdown hook deletes it; if it was killed, the
   * next temporary file of the same target reclaims it ({@link #reclaim}).
   *
   * @param target the final file
   * @return the temporary file
   * @throws IOException when the folder or the file cannot be created
   */
  public static Path newTemp(Path target) throws IOException {
    Path abs = target.toAbsolutePath();
    if (stopping) { // nor would its folder be created again: a staging folder stays deleted
      throw new IOException(abs + ": not written, the process is stopping");
    }
    Path dir = abs.getParent();
    Files.createDirectories(dir);
    reclaim(dir, abs.getFileName().toString());
    String prefix = "." + abs.getFileName() + "." + ProcessHandle.current().pid() + "-";
    // recorded before the file exists, so that the shutdown hook finds it at any moment
    LIVE.add(dir.resolve(prefix));
    Path tmp = Files.createTempFile(dir, prefix, ".tmp");
    // createTempFile makes the file 0600; the final file gets what any new file would get
    Set<PosixFilePermission> mode = newFilePermissions(dir);
    if (mode != null) {
      Files.setPosixFilePermissions(tmp, mode);
    }
    return tmp;
  }

  /**
   * Where this process makes temporary files: {@code dir/.NAME.<pid>-}, the prefix of each; the
   * shutdown hook deletes the files that still carry one (a committed file has been renamed).
   */
  private static final Set<Path> LIVE = java.util.concurrent.ConcurrentHashMap.newKeySet();

  /**
   * A shutdown hook (the JVM runs it on a normal exit and on SIGTERM, SIGINT and SIGHUP) that
   * deletes the temporary files not committed; registered when this class is first used, so before
   * any temporary file exists.
   */
  static {
    Runtime.getRuntime()
        .addShutdownHook(new Thread(AtomicFiles::deleteLive, "candela-temp-cleanup"));
  }

  /** Set when the JVM began to shut down: from then on nothing is committed. */
  private static volatile boolean stopping;

  /**
   * Whether the process is stopping (its shutdown hooks run, after a signal or at exit): a result
   * finished from then on may come from work cut short, so {@link #commit} refuses to publish it.
   *
   * @return true once shutdown began
   */
  public static boolean stopping() {
    return stopping;
  }

  /**
   * Registers a folder this process is filling under a temporary name, for the shutdown hook to
   * delete when the process stops before renaming it. Once the process is stopping no folder is
   * registered: the hook could not delete it.
   *
   * @param dir the temporary folder
   * @throws IOException when the process is stopping (create nothing then)
   */
  public static void deleteOnStop(Path dir) throws IOException {
    synchronized (STOP) {
      if (stopping) {
        throw new IOException(dir.toAbsolutePath() + ": not started, the process is stopping");
      }
      LIVE_DIRS.add(dir.toAbsolutePath());
    }
  }

  /**
   * Forgets a folder registered with {@link #deleteOnStop} (it was renamed or deleted).
   *
   * @param dir the temporary folder
   */
  public static void keepOnStop(Path dir) {
    synchronized (STOP) {
      LIVE_DIRS.remove(dir.toAbsolutePath());
      STOP.notifyAll();
    }
  }

  /** Guards {@link #stopping} against folders registered while the hook runs. */
  private static final Object STOP = new Object();

  /**
   * How long the shutdown hook waits for the threads filling registered folders to give them up:
   * each meets the refusal of its next write ({@link #newTemp}) and deletes its folder itself.
   */
  private static final long STOP_WAIT_MS = 5_000;

  /** Temporary folders of this process, deleted by the shutdown hook. */
  private static final Set<Path> LIVE_DIRS = java.util.concurrent.ConcurrentHashMap.newKeySet();

  private static void deleteLive() {
    synchronized (STOP) {
      stopping = true;
      long end = System.currentTimeMillis() + STOP_WAIT_MS;
      try {
        for (long left = STOP_WAIT_MS; !LIVE_DIRS.isEmpty() && left > 0; ) {
          STOP.wait(left);
          left = end - System.currentTimeMillis();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    for (Path d : LIVE_DIRS) {
      try {
        deleteTree(d);
      } catch (IOException | java.io.UncheckedIOException e) {
        // best effort while the process ends; the next run reclaims it
      }
    }
    for (Path prefix : LIVE) {
      String start = prefix.getFileName().toString();
      try (Stream<Path> s = Files.list(prefix.getParent())) {
        for (Path p : (Iterable<Path>) s::iterator) {
          String f = p.getFileName().toString();
          if (f.startsWith(start) && f.endsWith(".tmp")) {
            Files.deleteIfExists(p);
          }
        }
      } catch (IOException | java.io.UncheckedIOException e) {
        // best effort while the process ends; the next run reclaims it
      }
    }
  }

  /**
   * Deletes the temporary files of {@code name} in {@code dir} ({@code .NAME.<pid>-*.tmp}) left by
   * a process that no longer runs (killed before its shutdown hook could delete them); those of
   * running processes, this one included, are kept.
   *
   * @param dir the folder
   * @param name the final file's name
   * @return how many were deleted
   * @throws IOException when the folder cannot be listed
   */
  public static int reclaim(Path dir, String name) throws IOException {
    String prefix = "." + name + ".";
    return reclaimWhere(
        dir,
        f ->
            f.startsWith(prefix) && f.length() - 4 > prefix.length()
                ? f.substring(prefix.length(), f.length() - 4)
                : null);
  }

  /**
   * Deletes every temporary file in {@code dir} ({@code .NAME.<pid>-<random>.tmp}, whatever NAME)
   * left by a process that no longer runs; those of running processes, this one included, are kept,
   * and so is anything else. Nothing when the folder does not exist.
   *
   * @param dir the folder
   * @return how many were deleted
   * @throws IOException when the folder cannot be listed or a file cannot be deleted
   */
  public static int reclaimAll(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return 0;
    }
    return reclaimWhere(
        dir,
        f -> {
          java.util.regex.Matcher m = ANY_TEMP.matcher(f);
          return m.matches() ? m.group(1) : null;
        });
  }

  /** {@code .NAME.<pid>-<random>.tmp}; group 1 is {@code <pid>-<random>}. */
  private static final java.util.regex.Pattern ANY_TEMP =
      java.util.regex.Pattern.compile("\\..+\\.(\\d+-\\d+)\\.tmp");

  /**
   * Deletes the files of {@code dir} whose name ends in {@code .tmp} and for which {@code idPart}
   * gives {@code <pid>-<random>} of a process that no longer runs.
   */
  private static int reclaimWhere(Path dir, java.util.function.Function<String, String> idPart)
      throws IOException {
    int deleted = 0;
    try (Stream<Path> s = Files.list(dir)) {
      for (Path p : (Iterable<Path>) s::iterator) {
        String f = p.getFileName().toString();
        if (!f.endsWith(".tmp") || Files.isDirectory(p)) {
          continue;
        }
        String rest = idPart.apply(f);
        if (rest == null) {
          continue;
        }
        int dash = rest.indexOf('-');
        if (dash < 1 || !ended(rest.substring(0, dash))) {
          continue;
        }
        if (Files.deleteIfExists(p)) {
          deleted++;
        }
      }
    }
    return deleted;
  }

  /**
   * Whether the process id written in a file name names a process that no longer runs: the
   * temporary files and folders it left may be reclaimed.
   *
   * @param pid the id as written (digits)
   * @return true for digits naming no running process; false for a running one or for text that is
   *     not a process id
   */
  public static boolean ended(String pid) {
    if (pid.isEmpty() || !pid.chars().allMatch(Character::isDigit)) {
      return false;
    }
    long id;
    try {
      id = Long.parseLong(pid);
    } catch (NumberFormatException e) {
      return false;
    }
    return !ProcessHandle.of(id).map(ProcessHandle::isAlive).orElse(false);
  }

  /** The permissions of a new file under the process umask; empty until first determined. */
  private static volatile Optional<Set<PosixFilePermission>> newFileMode;

  /**
   * The permissions a new file gets from the process umask ({@code 0666 & ~umask}: rw-r--r-- under
   * umask 022), as {@code open(2)} gives them: the umask is read from {@code /proc/self/status}
   * (Linux) or, where that is missing, from the permissions of a probe file created in {@code dir}.
   * Determined once per process.
   *
   * @param dir a folder to create the probe file in
   * @return the permissions, or null on a file system without POSIX permissions
   * @throws IOException when the probe file cannot be created
   */
  public static Set<PosixFilePermission> newFilePermissions(Path dir) throws IOException {
    Optional<Set<PosixFilePermission>> m = newFileMode;
    if (m == null) {
      m = Optional.ofNullable(determineNewFileMode(dir));
      newFileMode = m;
    }
    return m.orElse(null);
  }

  private static Set<PosixFilePermission> determineNewFileMode(Path dir) throws IOException {
    if (!dir.getFileSystem().supportedFileAttributeViews().contains("posix")) {
      return null;
    }
    int umask = procUmask();
    if (umask >= 0) {
      return permissions(0666 & ~umask);
    }
    Path probe = dir.resolve(".candela-umask-" + ProcessHandle.current().pid() + ".probe");
    try {
      Files.createFile(probe);
      return Files.getPosixFilePermissions(probe);
    } catch (UnsupportedOperationException e) {
      return null;
    } finally {
      Files.deleteIfExists(probe);
    }
  }

  /** The {@code Umask:} line of {@code /proc/self/status}, or -1. */
  static int procUmask() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("Umask:")) {
          return Integer.parseInt(line.substring(6).strip(), 8);
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux, or an old kernel: probe instead
    }
    return -1;
  }

  /**
   * Permissions from the low nine bits of a mode ({@code 0644} = rw-r--r--).
   *
   * @param mode the mode
   * @return the permissions
   */
  static Set<PosixFilePermission> permissions(int mode) {
    Set<PosixFilePermission> out = EnumSet.noneOf(PosixFilePermission.class);
    PosixFilePermission[] order = {
      PosixFilePermission.OWNER_READ,
      PosixFilePermission.OWNER_WRITE,
      PosixFilePermission.OWNER_EXECUTE,
      PosixFilePermission.GROUP_READ,
      PosixFilePermission.GROUP_WRITE,
      PosixFilePermission.GROUP_EXECUTE,
      PosixFilePermission.OTHERS_READ,
      PosixFilePermission.OTHERS_WRITE,
      PosixFilePermission.OTHERS_EXECUTE
    };
    for (int k = 0; k < 9; k++) {
      if ((mode & (0400 >> k)) != 0) {
        out.add(order[k]);
      }
    }
    return out;
  }

  /**
   * Renames a complete temporary file onto its final name, replacing an existing file, atomically
   * when the file system supports it (every local POSIX file system does for two names in one
   * folder). Once the process is {@link #stopping}, the temporary file is deleted instead and the
   * target left as it was.
   *
   * @param tmp the complete temporary file
   * @param target the final name
   * @throws IOException when the rename fails
   */
  public static void commit(Path tmp, Path target) throws IOException {
    if (stopping) {
      Files.deleteIfExists(tmp);
      throw new IOException(target + ": not written, the process is stopping");
    }
    try {
      Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /**
   * Writes a folder under its final name: {@code body} fills a fresh sibling {@code NAME.tmp/},
   * then an existing {@code NAME/} is moved aside to {@code NAME.old/}, the new folder is renamed
   * onto {@code NAME/} and the old one deleted. At every moment one complete folder exists under
   * {@code NAME/}, {@code NAME.tmp/} or {@code NAME.old/}. When {@code body} throws, the target is
   * untouched (the unfinished {@code NAME.tmp/} is left for the next attempt to replace).
   *
   * @param target the final folder
   * @param body fills the temporary folder it is given (it exists and is empty)
   * @throws IOException when writing, renaming or deleting fails
   * @throws CandelaException when {@code body} throws one
   */
  public static void writeDirectory(Path target, Body body) throws IOException, CandelaException {
    Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
    Path old = target.resolveSibling(target.getFileName() + ".old");
    deleteTree(tmp);
    Files.createDirectories(tmp);
    body.write(tmp);
    deleteTree(old);
    if (Files.exists(target)) {
      moveDirectory(target, old);
    }
    moveDirectory(tmp, target);
    deleteTree(old);
  }

  /**
   * Renames a folder with an atomic move (both names in one parent folder; the target must not
   * exist).
   *
   * @param from the folder
   * @param to its new name
   * @throws IOException when the rename fails
   */
  public static void moveDirectory(Path from, Path to) throws IOException {
    Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
  }

  /**
   * Deletes a file or a folder with everything in it; nothing when it does not exist.
   *
   * @param p the file or folder
   * @throws IOException when a deletion fails
   */
  public static void deleteTree(Path p) throws IOException {
    if (!Files.exists(p)) {
      return;
    }
    try (Stream<Path> s = Files.walk(p)) {
      for (Path q : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(q);
      }
    }
  }

  /** Writes the contents of several files to the temporary paths it is given. */
  @FunctionalInterface
  public interface MultiBody {
    /**
     * Writes every file.
     *
     * @param tmps the temporary files, in the order of the targets (they exist and are empty)
     * @throws IOException when writing fails
     * @throws CandelaException when producing the content fails
     */
    void write(Path[] tmps) throws IOException, CandelaException;
  }

  /**
   * Writes several files that belong together through temporary siblings, renaming them onto their
   * final names only when all are complete, the last target first and the first target last: the
   * presence of a new first file implies the others are new too. When {@code body} throws, every
   * temporary file is deleted and no target is touched.
   *
   * @param targets the final files
   * @param body writes the contents
   * @throws IOException when writing or renaming fails
   * @throws CandelaException when {@code body} throws one
   */
  public static void writeTogether(Path[] targets, MultiBody body)
      throws IOException, CandelaException {
    Path[] tmps = new Path[targets.length];
    boolean done = false;
    try {
      for (int k = 0; k < targets.length; k++) {
        tmps[k] = newTemp(targets[k]);
      }
      body.write(tmps);
      for (int k = targets.length - 1; k >= 0; k--) {
        commit(tmps[k], targets[k]);
      }
      done = true;
    } finally {
      if (!done) {
        for (Path t : tmps) {
          if (t != null) {
            Files.deleteIfExists(t);
          }
        }
      }
    }
  }
}
