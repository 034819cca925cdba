package dev.candela.cli;

import dev.candela.BadInputException;
import dev.candela.JsonFiles;
import dev.candela.cli.console.CliCommand;
import dev.candela.cli.console.ExitCodes;
import dev.candela.cli.options.DatasetPathParameter;
import dev.candela.data.ConfoundingRules;
import dev.candela.data.candle.FactorFolderDataset;
import dev.candela.data.loading.DatasetPaths;
import dev.candela.data.validate.CandleValidator;
import dev.candela.data.validate.FactorFolderValidator;
import dev.candela.data.validate.ValidationReport;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code candela dataset validate PATH}: checks a CANDLE folder (or a factor folder with {@code
 * spec.json}) and exits 0 when clean, 1 with the list of violations otherwise.
 */
@Command(
    name = "validate",
    description = {
      "Validate a CANDLE folder ({id}.png + {id}.json), a factor folder (spec.json present), a"
          + " dSprites-layout or MPI3D .npz or a 3dshapes .h5.",
      "Exit 0 when clean, 1 with one line per violation (file: [check] reason)."
    })
public final class DatasetValidateCommand extends CliCommand {
  @Mixin DatasetPathParameter dataset;

  @Option(
      names = "--rules",
      defaultValue = "published",
      description = "CANDLE rules variant: published|paper (default ${DEFAULT-VALUE}).")
  String rules;

  @Option(names = "--rules-file", description = "A rules JSON file instead of the built-in one.")
  Path rulesFile;

  @Option(names = "--json", description = "Write the full report (findings, statistics) here.")
  Path json;

  /** Creates the command. */
  public DatasetValidateCommand() {}

  @Override
  public Integer call() throws Exception {
    Path path = dataset.path();
    ValidationReport report;
    if (!java.nio.file.Files.exists(path)) {
      throw new BadInputException(path + ": no such dataset file or folder");
    }
    if (java.nio.file.Files.isRegularFile(path)) {
      try (dev.candela.data.FactorDataset ds = DatasetPaths.open(path)) {
        report = new dev.candela.data.validate.ArrayDatasetValidator().validate(path, ds);
      }
    } else if (FactorFolderDataset.isFactorFolder(path)) {
      ConfoundingRules r =
          rulesFile == null
              ? ConfoundingRules.none("folder")
              : ConfoundingRules.load(rulesFile, null);
      report = new FactorFolderValidator(r).validate(path);
    } else {
      ConfoundingRules r =
          ConfoundingRules.forDataset(rulesFile == null ? "candle" : rulesFile.toString(), rules);
      report = new CandleValidator(r).validate(path);
    }
    ValidationOutput.print(out(), report);
    if (json != null) {
      try {
        JsonFiles.writeIndented(json, report, false);
      } catch (IOException e) {
        throw new BadInputException(json + ": cannot write (" + e.getMessage() + ")", e);
      }
    }
    out().flush();
    return report.clean() ? ExitCodes.OK : ExitCodes.FAILURE;
  }
}
