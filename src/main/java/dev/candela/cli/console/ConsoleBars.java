package dev.candela.cli.console;

import dev.candela.BadInputException;
import dev.candela.synth.DSpritesGenerator;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarConsumer;
import me.tongfei.progressbar.ProgressState;

/**
 * Progress on standard error for the commands, and the library calls they wrap: a redrawn bar on a
 * terminal; plain periodic lines ({@code task: 4500/10000 (45%), 12 s}) every {@value #LINE_MILLIS}
 * ms and at the end when standard error goes to a file or a pipe, so logs do not fill with bar
 * frames. {@code CANDELA_PROGRESS=bar|lines} overrides the choice.
 */
public final class ConsoleBars {
  private ConsoleBars() {}

  /** The interval of the plain progress lines. */
  static final int LINE_MILLIS = 10_000;

  /**
   * Whether progress is drawn as a bar: on a terminal ({@code System.console() != null}), unless
   * {@code CANDELA_PROGRESS} says {@code bar} or {@code lines}.
   *
   * @return true for a bar, false for plain lines
   */
  static boolean bars() {
    String env = System.getenv("CANDELA_PROGRESS");
    if (env != null && !env.isBlank()) {
      return env.strip().equalsIgnoreCase("bar");
    }
    return System.console() != null;
  }

  /**
   * Progress on standard error: a bar on a terminal, plain periodic lines otherwise.
   *
   * @param task the task name shown before the bar
   * @param max the number of steps
   * @param updateMillis the bar's refresh interval in milliseconds, or 0 for the library default
   * @return the bar; close it
   */
  public static ProgressBar onStderr(String task, long max, int updateMillis) {
    ProgressBarBuilder b = new ProgressBarBuilder().setTaskName(task).setInitialMax(max);
    if (bars()) {
      b.setConsumer(new ConsoleProgressBarConsumer(System.err));
      if (updateMillis > 0) {
        b.setUpdateIntervalMillis(updateMillis);
      }
    } else {
      b.setRenderer(ConsoleBars::line)
          .setConsumer(new LineConsumer(System.err))
          .setUpdateIntervalMillis(LINE_MILLIS);
    }
    return b.build();
  }

  /** One plain progress line: {@code task: done/max (p%), elapsed s[, extra]}. */
  static String line(ProgressState s, int maxLength) {
    StringBuilder sb = new StringBuilder(s.getTaskName()).append(": ").append(s.getCurrent());
    if (s.getMax() > 0) {
      sb.append('/')
          .append(s.getMax())
          .append(String.format(Locale.ROOT, " (%.0f%%)", 100.0 * s.getNormalizedProgress()));
    }
    sb.append(String.format(Locale.ROOT, ", %d s", s.getTotalElapsed().toSeconds()));
    String extra = s.getExtraMessage();
    if (extra != null && !extra.isBlank()) {
      sb.append(", ").append(extra);
    }
    return sb.toString();
  }

  /** Prints each rendered line once (a line equal to the previous one is skipped). */
  static final class LineConsumer implements ProgressBarConsumer {
    private final PrintStream out;
    private String last;

    LineConsumer(PrintStream out) {
      this.out = out;
    }

    @Override
    public int getMaxRenderedLength() {
      return Integer.MAX_VALUE;
    }

    @Override
    public synchronized void accept(String rendered) {
      if (!rendered.equals(last)) {
        out.println(rendered);
        out.flush();
        last = rendered;
      }
    }

    @Override
    public void close() {
      out.flush();
    }
  }

  /**
   * Draws a dSprites-format npz ({@link DSpritesGenerator#write}) with a progress bar on standard
   * error.
   *
   * @param out the output
   * @param indices sorted flat indices, or null for all
   * @param n the image count
   * @param drawing how the images are drawn
   * @throws BadInputException when writing fails
   */
  public static void writeDsprites(
      Path out, long[] indices, long n, dev.candela.data.DSpritesDrawing drawing)
      throws BadInputException {
    try (ProgressBar pb = onStderr("dsprites", n, 500)) {
      DSpritesGenerator.write(out, indices, drawing, pb::stepTo);
    }
  }
}
