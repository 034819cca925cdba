package dev.candela.cli;

import dev.candela.CandelaException;
import dev.candela.cli.console.CliCommand;
import dev.candela.cli.console.ExitCodes;
import dev.candela.model.engine.JniBuild;
import dev.candela.model.engine.TorchInstall;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code candela engine build-jni}: compiles DJL's PyTorch JNI from its sources against a Python's
 * torch and writes {@code OUT/engine.env} ({@link JniBuild}).
 */
@Command(
    name = "build-jni",
    description = {
      "Compile DJL's PyTorch JNI (libdjl_torch.so) from DJL's sources against the torch of a"
          + " Python (CPU or CUDA) and write OUT/engine.env; `source OUT/engine.env` makes every"
          + " command run on that torch, offline. A rerun with unchanged inputs keeps the library."
    })
public final class EngineBuildJniCommand extends CliCommand {
  @Option(
      names = "--python",
      required = true,
      description = "A Python with torch (e.g. /usr/bin/python3 or a venv's bin/python).")
  Path python;

  @Option(
      names = "--djl-source",
      required = true,
      description =
          "DJL's PyTorch JNI sources (src/ and include/ with"
              + " ai_djl_pytorch_jni_PyTorchLibrary.h), e.g."
              + " ../shared/third-party/djl-pytorch-native-0.35.1.")
  Path djlSource;

  @Option(names = "--out", required = true, description = "Output folder (created).")
  Path out;

  @Option(
      names = "--jobs",
      defaultValue = "2",
      description = "Parallel compiler processes (default ${DEFAULT-VALUE}).")
  int jobs;

  /** Creates the command. */
  public EngineBuildJniCommand() {}

  @Override
  public Integer call() throws CandelaException {
    PrintWriter err = err();
    PrintWriter stdout = out();
    TorchInstall torch = TorchInstall.probe(python);
    JniBuild.Result r =
        JniBuild.build(
            torch,
            djlSource,
            out,
            jobs,
            line -> {
              err.println("engine build-jni: " + line);
              err.flush();
            });
    stdout.printf(
        Locale.ROOT,
        "%s: torch %s (%s) of %s; %d sources, %s of %d JNI functions exported, %s in %.1f s%n",
        r.library(),
        torch.version(),
        torch.flavour(),
        torch.python(),
        r.sources(),
        r.exported() < 0 ? "?" : Integer.toString(r.exported()),
        r.declared(),
        r.cached() ? "kept (inputs unchanged)" : "built",
        r.seconds());
    stdout.printf("use it: source %s && ./candela engine info%n", r.envFile().toAbsolutePath());
    stdout.flush();
    return ExitCodes.OK;
  }
}
