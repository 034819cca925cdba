package dev.candela.cli;

import dev.candela.cli.console.CliCommand;
import dev.candela.cli.console.ExitCodes;
import dev.candela.cli.console.SettingFlags;
import dev.candela.model.engine.EngineInfo;
import java.io.PrintWriter;
import picocli.CommandLine.Command;

/** {@code candela engine info}: the PyTorch engine's version, flavour and the GPUs it sees. */
@Command(
    name = "info",
    description = "The PyTorch engine: libtorch version, flavour, folder, threads and GPUs.")
public final class EngineInfoCommand extends CliCommand {
  /** Creates the command. */
  public EngineInfoCommand() {}

  @Override
  public Integer call() {
    EngineInfo e = EngineInfo.current();
    PrintWriter out = out();
    out.println("engine: PyTorch " + e.version() + " (" + e.flavour() + ")");
    out.println("library: " + (e.libraryPath() == null ? "unknown" : e.libraryPath()));
    out.println("threads: " + e.threads());
    out.println(
        "cuda: libtorch "
            + (e.cudaLibtorch() ? "has CUDA" : "is CPU-only")
            + ", CUDA runtime "
            + (e.cudaRuntime() ? "loads" : "not loaded"));
    out.println("gpus: " + e.gpus().size());
    e.gpus().forEach(g -> out.println("  " + g));
    dev.candela.SettingText why = e.noGpuReasonText("gpu");
    if (why != null) {
      out.println("note: " + SettingFlags.render(why));
    }
    out.flush();
    return ExitCodes.OK;
  }
}
