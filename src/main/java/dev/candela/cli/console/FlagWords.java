package dev.candela.cli.console;

import java.io.PrintWriter;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The one table from the settings that library messages name in plain words to the command-line
 * flags that set them, for every command. Library code (everything outside {@code cli}) never
 * writes a flag: its messages say {@code epochs must be > 0, got 0}; the command line shows {@code
 * --epochs must be > 0, got 0}. {@code Main} applies it to every error line, the commands to the
 * warnings and progress messages they print.
 *
 * <p>Two kinds of entries, both exact text (no patterns):
 *
 * <ul>
 *   <li>{@link #LEADING}: a setting name, replaced where a message, or a part of it after {@code ":
 *       "} (a file name, say), starts with it, e.g. {@code batch size } or {@code samples must}.
 *       Names that are common words are given with their verb, so that other sentences that start
 *       with the word keep it.
 *   <li>{@link #PHRASES}: whole phrases that name settings mid-sentence (hints such as {@code set
 *       resume to continue it or choose another output folder}), replaced anywhere between word
 *       boundaries.
 * </ul>
 *
 * <p>At each place the longest matching entry wins; the replacements name flags, which no entry
 * matches, so translating twice changes nothing.
 */
public final class FlagWords {
  private FlagWords() {}

  /** Setting names at the start of a message or of a part after {@code ": "}, and their flags. */
  static final Map<String, String> LEADING =
      Map.ofEntries(
          // evaluate and sweep (EvaluationOptions), counterfactuals (CounterfactualSettings),
          // score-codes, encode, dataset render
          Map.entry("rho ", "--rho "),
          Map.entry("samples must", "--samples must"),
          Map.entry("batch size ", "--batch-size "),
          Map.entry("classic scale ", "--classic-scale "),
          Map.entry("CG samples ", "--cg-samples "),
          Map.entry("grid samples ", "--grid-samples "),
          Map.entry("chunk size ", "--chunk-size "),
          Map.entry("limit ", "--limit "),
          Map.entry("factors:", "--factors:"),
          Map.entry("SCM samples ", "--scm-samples "),
          Map.entry("train fraction ", "--train-fraction "),
          Map.entry("factor names:", "--factor-names:"),
          Map.entry("latent names:", "--latent-names:"),
          Map.entry("replicates ", "--replicates "),
          Map.entry("refits ", "--refits "),
          Map.entry("IRS quantile ", "--irs-quantile "),
          Map.entry("device ", "--device "),
          Map.entry("device:", "--device:"),
          // train and train-classifier (VaeTrainingConfig, ClassifierTrainer, TrainingMonitor)
          Map.entry("objective ", "--objective "),
          Map.entry("latent dimension ", "--latent-dim "),
          Map.entry("epochs ", "--epochs "),
          Map.entry("learning rate ", "--lr "),
          Map.entry("discriminator learning rate ", "--discriminator-lr "),
          Map.entry("learning rate drop epoch ", "--lr-drop-epoch "),
          Map.entry("learning rate drop factor ", "--lr-drop-factor "),
          Map.entry("beta ", "--beta "),
          Map.entry("gamma ", "--gamma "),
          Map.entry("lambda od ", "--lambda-od "),
          Map.entry("lambda d ", "--lambda-d "),
          Map.entry("supervised weight ", "--ss-weight "),
          Map.entry("supervised fraction ", "--label-fraction "),
          Map.entry("box weight ", "--box-weight "),
          Map.entry("architecture ", "--architecture "),
          Map.entry("discriminator layers ", "--disc-layers "),
          Map.entry("discriminator units ", "--disc-units "),
          Map.entry("head must", "--head must"),
          Map.entry("eval every ", "--eval-every "),
          Map.entry("held-out sample ", "--held-out "),
          Map.entry("keep checkpoints ", "--keep-checkpoints "),
          // dataset generate, causal distance, engine build-jni, bench, dataset render
          Map.entry("count must", "--count must"),
          Map.entry("range needs", "--range needs"),
          Map.entry("jobs ", "--jobs "),
          Map.entry("anchor python ", "--anchor-python "),
          Map.entry("Blender path ", "--blender "));

  /** Phrases that name settings anywhere in a message, and their flag form. */
  static final Map<String, String> PHRASES =
      Map.ofEntries(
          Map.entry("metrics: none requested", "--metrics names no metric"),
          // train and train-classifier
          Map.entry(
              "set resume to continue it or choose another output folder",
              "pass --resume to continue it or choose another --out"),
          Map.entry(
              "resume is set but there is no checkpoint",
              "--resume given but there is no checkpoint"),
          Map.entry("unset resume to start a new run", "drop --resume to start a new run"),
          Map.entry("only epochs may change when resuming", "only --epochs may change on --resume"),
          Map.entry("set limit to train on a subset", "train on a subset with --limit"),
          Map.entry("(limit or train count)", "(--limit or --train-count)"),
          Map.entry("train count", "--train-count"),
          Map.entry("test count", "--test-count"),
          Map.entry("init from", "--init-from"),
          Map.entry(", not architecture ", ", not --architecture "),
          Map.entry(" and head ", " and --head "),
          Map.entry("; use architecture ", "; use --architecture "),
          Map.entry("lower the learning rate or", "lower --lr or"),
          Map.entry("train with keep checkpoints", "train with --keep-checkpoints"),
          // any command with a device
          Map.entry("or use device cpu", "or use --device cpu"),
          // evaluate, score-codes, counterfactuals
          Map.entry("SCM evidence", "--scm-evidence"),
          Map.entry("SCM replicates", "--scm-replicates"),
          Map.entry("(set SCM truth to MODEL.json)", "(pass --scm-truth MODEL.json)"),
          Map.entry("(replicates 0)", "(--replicates 0)"),
          Map.entry("and refits even", "and --refits even"),
          Map.entry("no such model directory (model)", "no such model directory (--model)"),
          Map.entry(
              "no such model directory (classifier)", "no such model directory (--classifier)"),
          Map.entry("CG is skipped (set classifier)", "CG is skipped (pass --classifier)"),
          // dataset render
          Map.entry("no Blender path given", "no --blender"),
          Map.entry("or set the Blender path", "or pass --blender PATH"),
          Map.entry("render script not found (script)", "render script not found (--script)"),
          Map.entry("or set the render script", "or pass --script PATH"),
          Map.entry("use engine cycles or workbench", "use --engine cycles or workbench"));

  private static final List<String> LEADING_KEYS = longestFirst(LEADING);
  private static final List<String> PHRASE_KEYS = longestFirst(PHRASES);

  private static List<String> longestFirst(Map<String, String> table) {
    return table.keySet().stream()
        .sorted(Comparator.comparingInt(String::length).reversed().thenComparing(k -> k))
        .toList();
  }

  /**
   * A library message with the settings it names replaced by their flags.
   *
   * @param message e.g. {@code out: set resume to continue it or choose another output folder}
   * @return e.g. {@code out: pass --resume to continue it or choose another --out}; {@code null}
   *     for {@code null}
   */
  public static String flags(String message) {
    if (message == null) {
      return null;
    }
    StringBuilder b = new StringBuilder(message.length() + 16);
    int i = 0;
    int n = message.length();
    while (i < n) {
      boolean partStart = i == 0 || (i >= 2 && message.startsWith(": ", i - 2));
      String key = partStart ? match(message, i, LEADING_KEYS) : null;
      Map<String, String> table = LEADING;
      if (key == null && boundaryBefore(message, i)) {
        key = match(message, i, PHRASE_KEYS);
        table = PHRASES;
      }
      if (key != null) {
        b.append(table.get(key));
        i += key.length();
      } else {
        b.append(message.charAt(i));
        i++;
      }
    }
    return b.toString();
  }

  /**
   * Prints library warnings on a command's error stream, one {@code warning: } line each with the
   * settings it names replaced by their flags ({@link #flags}), and flushes the stream.
   *
   * @param err the command's error stream
   * @param warnings the library's warnings, in order
   */
  public static void warn(PrintWriter err, Collection<String> warnings) {
    for (String w : warnings) {
      err.println("warning: " + flags(w));
    }
    err.flush();
  }

  /** The longest key at {@code i} that ends at a word boundary, or null. */
  private static String match(String message, int i, List<String> keys) {
    for (String k : keys) {
      if (message.startsWith(k, i) && boundaryAfter(message, i + k.length(), k)) {
        return k;
      }
    }
    return null;
  }

  private static boolean boundaryBefore(String message, int i) {
    return i == 0 || !wordChar(message.charAt(i - 1)) || !wordChar(message.charAt(i));
  }

  private static boolean boundaryAfter(String message, int end, String key) {
    return end >= message.length()
        || !wordChar(key.charAt(key.length() - 1))
        || !wordChar(message.charAt(end));
  }

  private static boolean wordChar(char c) {
    return Character.isLetterOrDigit(c) || c == '-' || c == '_';
  }
}
