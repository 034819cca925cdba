package dev.candela.cli.console;

import dev.candela.OutputLock;
import java.nio.file.Path;

/**
 * A command that writes one output folder and holds the folder's {@link OutputLock} while it runs,
 * so that a second run on the same folder refuses at once with one line naming the run that holds
 * it. The commands extend it with their output folder and their work ({@link #locked()}).
 */
public abstract class LockedOutputCommand extends CliCommand {
  private final String name;

  /**
   * Creates the command.
   *
   * @param name what a run of it is, for the message of a second run (e.g. {@code train})
   */
  protected LockedOutputCommand(String name) {
    this.name = name;
  }

  /**
   * Runs {@link #locked()} with {@link #outputFolder()} locked.
   *
   * @return the exit code of {@link #locked()}
   * @throws Exception as {@link #locked()}, or a bad-input exception when another run holds the
   *     folder
   */
  @Override
  @SuppressWarnings("try") // the lock is held by the try block, never read
  public final Integer call() throws Exception {
    try (OutputLock lock = OutputLock.acquire(outputFolder(), name)) {
      return locked();
    }
  }

  /**
   * What a run of this command is, as the lock names it.
   *
   * @return the name given to the constructor
   */
  protected final String name() {
    return name;
  }

  /**
   * The output folder that this run locks.
   *
   * @return the folder as given
   */
  protected abstract Path outputFolder();

  /**
   * The command's work, with its output folder locked against a second run.
   *
   * @return the exit code
   * @throws Exception when the command fails
   */
  protected abstract Integer locked() throws Exception;
}
