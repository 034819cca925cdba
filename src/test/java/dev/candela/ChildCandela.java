package dev.candela;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@code candela} command in a child JVM on the build's class path, started as a terminal starts
 * it, for tests that signal or kill it.
 */
public final class ChildCandela {
  private ChildCandela() {}

  /**
   * The Java 17 module flags Spark needs, read from the launcher's {@code SPARK_JAVA_OPTS} (so the
   * tests start Spark with the flags a user's run gets, never a copy of them).
   *
   * @return the flags
   * @throws IOException when {@code ./candela} cannot be read
   */
  public static List<String> sparkJavaOpts() throws IOException {
    List<String> lines = Files.readAllLines(Path.of("candela").toAbsolutePath());
    int a = lines.indexOf("SPARK_JAVA_OPTS=(");
    List<String> out = new ArrayList<>();
    for (int i = a + 1; !lines.get(i).equals(")"); i++) {
      out.add(lines.get(i).strip());
    }
    return out;
  }

  /**
   * {@code java ... dev.candela.cli.Main ARGS} with SIGINT at its default (a job started in the
   * background of a script inherits SIGINT ignored, and the JVM keeps it so: coreutils' {@code env
   * --default-signal=INT} undoes that), the Spark flags when {@code spark}.
   *
   * @param spark whether the command runs Spark (a sweep)
   * @param args the command and its options
   * @return the process builder (output not yet redirected)
   * @throws IOException when the launcher cannot be read
   */
  public static ProcessBuilder builder(boolean spark, List<String> args) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add("env");
    cmd.add("--default-signal=INT");
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Dai.djl.offline=true");
    if (spark) {
      cmd.addAll(sparkJavaOpts());
    }
    cmd.add("-cp");
    cmd.add(System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")));
    cmd.add("dev.candela.cli.Main");
    cmd.addAll(args);
    // the environment is this JVM's: the same threads, so the same sums as a run in this JVM
    return new ProcessBuilder(cmd);
  }

  /**
   * Sends a signal by the process's id ({@code kill -SIG PID}).
   *
   * @param p the process
   * @param sig the signal's name, e.g. {@code TERM}
   * @throws Exception when {@code kill} fails
   */
  public static void signal(Process p, String sig) throws Exception {
    Process k = new ProcessBuilder("kill", "-" + sig, Long.toString(p.pid())).start();
    if (k.waitFor() != 0) {
      throw new IOException("kill -" + sig + " " + p.pid() + " failed");
    }
  }
}
