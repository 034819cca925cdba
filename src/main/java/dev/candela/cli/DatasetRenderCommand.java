package dev.candela.cli;

import dev.candela.cli.console.ConsoleBars;
import dev.candela.cli.console.ExitCodes;
import dev.candela.cli.console.LockedOutputCommand;
import dev.candela.cli.options.OutFolderOption;
import dev.candela.cli.options.QuietOption;
import dev.candela.data.ConfoundingRules;
import dev.candela.data.validate.CandleValidator;
import dev.candela.data.validate.ValidationReport;
import dev.candela.synth.BlenderRenderer;
import dev.candela.synth.CandleGenerator;
import dev.candela.synth.RenderEngine;
import java.io.PrintWriter;
import java.nio.file.Path;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code candela dataset render}: renders CANDLE-format samples with Blender in parallel worker
 * processes ({@link BlenderRenderer}), then validates the output folder ({@link CandleValidator})
 * and returns its verdict: exit 0 when clean, 1 with the violations or when a worker failed, 2 when
 * Blender or the script is missing or an option is bad.
 */
@Command(
    name = "render",
    description = {
      "Render CANDLE-format samples ({id}.png 320x240 + {id}.json) with Blender, then validate.",
      "Ids excluded by the confounding rules are never rendered; complete samples are kept."
    })
public final class DatasetRenderCommand extends LockedOutputCommand {
  @CommandLine.Mixin OutFolderOption outFolder;

  @Option(
      names = "--count",
      description =
          "Number of ids: a seeded uniform subset of the allowed ids (the same as 'dataset"
              + " generate candle --count N --seed S').")
  Integer count;

  @Option(
      names = "--engine",
      defaultValue = "cycles",
      description = "cycles|workbench|eevee (default ${DEFAULT-VALUE}).")
  RenderEngine engine;

  @Option(
      names = "--samples",
      defaultValue = "128",
      description = "Cycles/EEVEE samples (default ${DEFAULT-VALUE}).")
  int samples;

  @Option(
      names = "--rules-file",
      description =
          "A rules JSON file instead of datasets/rules/candle.json (also given to Blender).")
  Path rulesFile;

  @Option(
      names = "--workers",
      defaultValue = "1",
      description = "Parallel Blender processes (default ${DEFAULT-VALUE}).")
  int workers;

  @Option(
      names = "--threads",
      description = "Blender threads per worker (default: available cores / workers).")
  Integer threads;

  @Option(
      names = "--blender",
      description = "Blender executable (default: $BLENDER, else 'blender' on PATH).")
  Path blender;

  @Option(
      names = "--script",
      description = "render_candle.py to run (default: blender-scripts/ of this checkout).")
  Path script;

  @Option(names = "--hdri-dir", description = "Folder with <scene>.hdr/.exr backgrounds.")
  Path hdriDir;

  @Option(
      names = "--mask-dir",
      description = "Also write each object's pixel mask {id}.png here (for checking bounds).")
  Path maskDir;

  @CommandLine.Mixin QuietOption quiet;

  @CommandLine.Mixin CandleSelectionOptions selection;

  /** Creates the command. */
  public DatasetRenderCommand() {
    super("dataset render");
  }

  @Override
  protected Path outputFolder() {
    return outFolder.folder();
  }

  @Override
  protected Integer locked() throws Exception {
    PrintWriter o = out();
    PrintWriter err = err();
    Path out = outFolder.folder();
    if (workers < 1) {
      throw new IllegalArgumentException("--workers must be >= 1, got " + workers);
    }
    Path exe = BlenderRenderer.findBlender(blender, System.getenv());
    Path scriptPath = BlenderRenderer.findScript(script);
    ConfoundingRules r = selection.confoundingRules(rulesFile);
    int[] range = selection.range();
    int[] selected = new CandleGenerator(r, selection.seed()).select(range[0], range[1], count);
    int[] todo = BlenderRenderer.missing(out, selected);
    int cores = Runtime.getRuntime().availableProcessors();
    int perWorker = threads != null ? threads : Math.max(1, cores / workers);
    BlenderRenderer renderer =
        new BlenderRenderer(
            new BlenderRenderer.Options(
                exe,
                scriptPath,
                out,
                engine.toString(),
                samples,
                selection.seed(),
                r.variant(),
                rulesFile,
                hdriDir,
                maskDir,
                perWorker));
    err.println(
        "render: "
            + selected.length
            + " selected (rules '"
            + r.variant()
            + "'), "
            + (selected.length - todo.length)
            + " already present, "
            + todo.length
            + " to render with "
            + Math.min(workers, Math.max(1, todo.length))
            + " worker(s), "
            + engine
            + (engine == RenderEngine.WORKBENCH ? "" : " at " + samples + " samples")
            + ", Blender "
            + exe);
    err.flush();
    BlenderRenderer.Summary s = new BlenderRenderer.Summary(0, 0, 0, 0);
    if (todo.length > 0) {
      ProgressBar bar = quiet.quiet() ? null : ConsoleBars.onStderr("render", todo.length, 0);
      try {
        s = renderer.render(todo, workers, id -> step(bar));
      } catch (BlenderRenderer.WorkerFailure e) {
        if (bar != null) {
          bar.close();
        }
        err.println("render: last output of the failed worker:");
        for (String line : e.tail()) {
          err.println("  | " + line);
        }
        err.flush();
        throw e;
      }
      if (bar != null) {
        bar.close();
      }
    }
    o.println(
        "render: "
            + s.rendered()
            + " rendered, "
            + (selected.length - todo.length + s.skipped())
            + " already present, "
            + selected.length
            + " selected in "
            + out);
    if (s.excluded() > 0) {
      err.println(
          "render: warning: the script's rules excluded "
              + s.excluded()
              + " id(s) that Candela's rules allow (rules files differ?)");
    }
    ValidationReport report = new CandleValidator(r).validate(out);
    ValidationOutput.print(o, report);
    o.flush();
    return report.clean() ? ExitCodes.OK : ExitCodes.FAILURE;
  }

  private static synchronized void step(ProgressBar bar) {
    if (bar != null) {
      bar.step();
    }
  }
}
