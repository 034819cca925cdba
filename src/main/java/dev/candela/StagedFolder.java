package dev.candela;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * An output folder written as a whole: a run fills a staging folder beside it, {@code
 * .NAME.<pid>.staging/} in the same parent (so on the same file system), and only a complete run
 * {@linkplain #commit commits} it: the earlier folder is renamed to {@code .NAME.<pid>.old/}, the
 * staging folder onto {@code NAME/}, and the old one deleted. Renames need no space, so a full
 * disk, a crash or a signal during the run leaves {@code NAME/} exactly as the earlier run left it,
 * never a folder whose files come from two runs. A signal deletes the staging folder (the shutdown
 * hook of {@link AtomicFiles}); one left by a killed process is deleted by the next run of the same
 * folder. Take the folder's {@link OutputLock} first: two runs must not commit one folder at once.
 *
 * <p>Only the run's own files are replaced. A commit records the top-level names the run wrote in
 * {@value #MANIFEST}; entries of the earlier folder that no earlier run recorded (a model folder
 * the user keeps in {@code --out}, notes, a whole project when {@code --out .}) are moved into the
 * new folder, unless the new run wrote an entry of that name. A process killed during the commit
 * leaves them in {@code .NAME.<pid>.old/}, from where the next run moves them back.
 */
public final class StagedFolder implements AutoCloseable {
  /** The file, in a committed folder, that lists the top-level names its run wrote. */
  public static final String MANIFEST = ".candela-run.json";

  private static final ObjectMapper JSON = new ObjectMapper();
  private final Path target;
  private final Path staging;
  private boolean committed;

  private StagedFolder(Path target, Path staging) {
    this.target = target;
    this.staging = staging;
  }

  /**
   * Starts a run of a folder: deletes what killed earlier runs left beside it and creates an empty
   * staging folder.
   *
   * @param target the output folder (it may exist; it is not touched until {@link #commit})
   * @return the staged run; write into {@link #path()}
   * @throws CandelaException when the staging folder cannot be created
   */
  public static StagedFolder begin(Path target) throws CandelaException {
    Path abs = target.toAbsolutePath().normalize();
    String name = abs.getFileName().toString();
    Path staging =
        abs.resolveSibling("." + name + "." + ProcessHandle.current().pid() + ".staging");
    try {
      Files.createDirectories(abs.getParent());
      reclaim(abs.getParent(), name);
      AtomicFiles.deleteOnStop(staging);
      AtomicFiles.deleteTree(staging);
      Files.createDirectory(staging);
      if (Files.isDirectory(abs)) {
        copyPermissions(abs, staging);
      }
    } catch (IOException e) {
      throw new CandelaException(
          staging + ": cannot create the staging folder (" + e.getMessage() + ")", e);
    }
    return new StagedFolder(abs, staging);
  }

  /**
   * The folder to write into.
   *
   * @return the staging folder
   */
  public Path path() {
    return staging;
  }

  /**
   * Publishes the run: the staging folder replaces the output folder.
   *
   * @throws CandelaException when a rename fails (the output folder is then the earlier one, or, if
   *     the second rename failed, the earlier one under {@code .NAME.<pid>.old}, named in the
   *     message) or when the process is stopping
   */
  public void commit() throws CandelaException {
    if (AtomicFiles.stopping()) {
      throw new CandelaException(target + ": not replaced, the process is stopping");
    }
    Path old = staging.resolveSibling(staging.getFileName().toString().replace(".staging", ".old"));
    try {
      writeManifest(staging);
      AtomicFiles.deleteTree(old);
      if (Files.exists(target)) {
        AtomicFiles.moveDirectory(target, old);
      }
      try {
        AtomicFiles.moveDirectory(staging, target);
      } catch (IOException e) {
        throw new CandelaException(
            target + ": the new result is in " + staging + ", the earlier one in " + old, e);
      }
      committed = true;
      AtomicFiles.keepOnStop(staging);
      if (Files.exists(old)) {
        keepForeign(old, target);
        AtomicFiles.deleteTree(old);
      }
    } catch (IOException e) {
      throw new CandelaException(target + ": cannot replace (" + e.getMessage() + ")", e);
    }
  }

  /** Deletes the staging folder unless the run was committed. */
  @Override
  public void close() {
    if (!committed) {
      try {
        AtomicFiles.deleteTree(staging);
      } catch (IOException e) {
        // the next run of this folder deletes it
      }
      AtomicFiles.keepOnStop(staging);
    }
  }

  /**
   * Deletes {@code .NAME.<pid>.staging} and {@code .NAME.<pid>.old} of processes that ended; an old
   * folder whose process was killed between the two renames of its commit (no {@code NAME/}) is
   * renamed back.
   */
  private static void reclaim(Path dir, String name) throws IOException {
    String prefix = "." + name + ".";
    try (Stream<Path> s = Files.list(dir)) {
      for (Path p : s.toList()) {
        String f = p.getFileName().toString();
        if (!f.startsWith(prefix) || !(f.endsWith(".staging") || f.endsWith(".old"))) {
          continue;
        }
        if (!AtomicFiles.ended(f.substring(prefix.length(), f.lastIndexOf('.')))) {
          continue;
        }
        Path target = dir.resolve(name);
        if (f.endsWith(".old") && !Files.exists(target)) {
          AtomicFiles.moveDirectory(p, target); // killed between its two renames: the earlier run
        } else if (f.endsWith(".old")) {
          keepForeign(p, target); // killed after its renames: what was not its own goes back
          AtomicFiles.deleteTree(p);
        } else {
          AtomicFiles.deleteTree(p);
        }
      }
    }
  }

  private static void writeManifest(Path dir) throws IOException {
    List<String> names = new ArrayList<>();
    try (Stream<Path> s = Files.list(dir)) {
      s.map(p -> p.getFileName().toString()).filter(n -> !n.equals(MANIFEST)).forEach(names::add);
    }
    Collections.sort(names);
    AtomicFiles.writeBytes(dir.resolve(MANIFEST), JSON.writeValueAsBytes(Map.of("wrote", names)));
  }

  /**
   * Moves the entries of an earlier folder that its run did not write (all of them when it has no
   * readable manifest) into the new folder, unless the new folder holds that name.
   */
  private static void keepForeign(Path old, Path target) throws IOException {
    Set<String> own = new HashSet<>(Set.of(MANIFEST));
    try {
      JsonNode wrote = JSON.readTree(old.resolve(MANIFEST).toFile()).path("wrote");
      wrote.forEach(n -> own.add(n.asText()));
    } catch (IOException e) {
      // no manifest: a folder no run of this version committed, every entry is kept
    }
    try (Stream<Path> s = Files.list(old)) {
      for (Path p : s.toList()) {
        String n = p.getFileName().toString();
        if (!own.contains(n) && !Files.exists(target.resolve(n), LinkOption.NOFOLLOW_LINKS)) {
          Files.move(p, target.resolve(n), StandardCopyOption.ATOMIC_MOVE);
        }
      }
    }
  }

  private static void copyPermissions(Path from, Path to) {
    try {
      Files.setPosixFilePermissions(to, Files.getPosixFilePermissions(from));
    } catch (IOException | UnsupportedOperationException e) {
      // the staging folder keeps the default permissions
    }
  }
}
