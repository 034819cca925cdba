package dev.candela.cli;

import dev.candela.cli.console.CliCommand;
import dev.candela.cli.console.ExitCodes;
import dev.candela.cli.options.DatasetPathParameter;
import dev.candela.data.FactorDataset;
import dev.candela.data.loading.DatasetPaths;
import dev.candela.data.validate.FactorStatistics;
import dev.candela.report.StatisticsPlots;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code candela dataset inspect PATH}: factor coverage and co-occurrence, printed and plotted. */
@Command(
    name = "inspect",
    description = {
      "Print factor coverage and pairwise co-occurrence of any dataset Candela reads (a CANDLE or"
          + " factor folder, a dSprites-layout or MPI3D .npz, a 3dshapes .h5);",
      "with --out, write bar charts and heat maps (PNG)."
    })
public final class DatasetInspectCommand extends CliCommand {
  @Mixin DatasetPathParameter dataset;

  @Option(names = "--out", description = "Folder for the plots.")
  Path out;

  /** Creates the command. */
  public DatasetInspectCommand() {}

  @Override
  public Integer call() throws Exception {
    Path path = dataset.path();
    try (FactorDataset ds = DatasetPaths.open(path)) {
      FactorStatistics.Accumulator acc = new FactorStatistics.Accumulator(ds.space());
      for (long i = 0; i < ds.size(); i++) {
        acc.add(ds.codes(i));
      }
      FactorStatistics stats = acc.result();
      out().print(StatisticsPlots.text(stats));
      if (out != null) {
        List<Path> files = StatisticsPlots.write(stats, out);
        out().println(files.size() + " plots written to " + out);
      }
    }
    out().flush();
    return ExitCodes.OK;
  }
}
