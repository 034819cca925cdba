package dev.candela.cli;

import dev.candela.data.FactorDataset;
import dev.candela.data.candle.CandleDataset;
import dev.candela.data.candle.FactorFolderDataset;
import dev.candela.data.validate.FactorStatistics;
import dev.candela.data.validate.StatisticsPlots;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code candela dataset inspect PATH}: factor coverage and co-occurrence, printed and plotted. */
@Command(
    name = "inspect",
    mixinStandardHelpOptions = true,
    description = {
      "Print factor coverage and pairwise co-occurrence of a CANDLE or factor folder;",
      "with --out, write bar charts and heat maps (PNG)."
    })
public final class DatasetInspectCommand implements Callable<Integer> {
  @Parameters(index = "0", description = "The dataset folder.")
  Path path;

  @Option(names = "--out", description = "Folder for the plots.")
  Path out;

  /** Creates the command. */
  public DatasetInspectCommand() {}

  @Override
  public Integer call() throws Exception {
    try (FactorDataset ds =
        FactorFolderDataset.isFactorFolder(path)
            ? FactorFolderDataset.open(path)
            : CandleDataset.open(path)) {
      FactorStatistics.Accumulator acc = new FactorStatistics.Accumulator(ds.space());
      for (long i = 0; i < ds.size(); i++) {
        acc.add(ds.codes(i));
      }
      FactorStatistics stats = acc.result();
      System.out.print(StatisticsPlots.text(stats));
      if (out != null) {
        List<Path> files = StatisticsPlots.write(stats, out);
        System.out.println(files.size() + " plots written to " + out);
      }
    }
    return Main.OK;
  }
}
