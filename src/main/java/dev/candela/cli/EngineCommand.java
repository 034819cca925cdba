package dev.candela.cli;

import dev.candela.cli.console.UsageCommand;
import picocli.CommandLine.Command;

/**
 * {@code candela engine <build-jni|info>}: the PyTorch engine Candela runs on, and building DJL's
 * JNI against the torch a Python already has (CPU or CUDA), for offline GPU use.
 */
@Command(
    name = "engine",
    description =
        "The PyTorch engine: build DJL's JNI against an installed torch; show the engine.",
    subcommands = {EngineBuildJniCommand.class, EngineInfoCommand.class})
public final class EngineCommand extends UsageCommand {
  /** Creates the command. */
  public EngineCommand() {}
}
