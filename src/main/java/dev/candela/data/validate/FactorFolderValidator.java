package dev.candela.data.validate;

import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.data.ConfoundingRules;
import dev.candela.data.candle.FactorFolderDataset;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Validates a generic factor folder ({@link FactorFolderDataset}: {@code spec.json} + {@code
 * {i}.png} + {@code {i}.json}): missing pairs, metadata and factor values against the spec, image
 * decodability and size, duplicates (same factors under two indices) and optional confounding
 * rules; reports coverage and co-occurrence.
 */
public final class FactorFolderValidator {
  private final ConfoundingRules rules;

  /**
   * A validator.
   *
   * @param rules rules to check ({@link ConfoundingRules#none} for none)
   */
  public FactorFolderValidator(ConfoundingRules rules) {
    this.rules = rules;
  }

  /**
   * Validates a folder.
   *
   * @param folder the folder
   * @return the report
   * @throws BadInputException when the folder or its spec cannot be read
   */
  public ValidationReport validate(Path folder) throws BadInputException {
    FactorFolderDataset ds = FactorFolderDataset.open(folder);
    ConfoundingRules.Bound bound = rules.bind(ds.space());
    List<Finding> findings = new ArrayList<>();
    TreeSet<String> png = new TreeSet<>();
    TreeSet<String> json = new TreeSet<>();
    try (Stream<Path> files = Files.list(folder)) {
      for (Path p : (Iterable<Path>) files::iterator) {
        String n = p.getFileName().toString();
        if (n.equals(FactorFolderDataset.SPEC_FILE)) {
          continue;
        }
        if (n.endsWith(".png")) {
          png.add(n.substring(0, n.length() - 4));
        } else if (n.endsWith(".json")) {
          json.add(n.substring(0, n.length() - 5));
        }
      }
    } catch (IOException e) {
      throw new BadInputException(folder + ": cannot list (" + e.getMessage() + ")", e);
    }
    Finding.unpaired(png, json, findings);
    FactorStatistics.Accumulator stats = new FactorStatistics.Accumulator(ds.space());
    Map<String, Long> seen = new HashMap<>();
    String prefix = folder.toString() + java.io.File.separator;
    for (long i = 0; i < ds.size(); i++) {
      long id = ds.id(i);
      try {
        int[] c = ds.codes(i);
        Long first = seen.putIfAbsent(Arrays.toString(c), id);
        if (first != null) {
          findings.add(
              new Finding(id + ".json", "duplicate", "same factors as " + first + ".json"));
        }
        for (ConfoundingRules.Rule r : bound.violated(c)) {
          findings.add(new Finding(id + ".json", "rule", "violates rule '" + r.name() + "'"));
        }
        stats.add(c);
      } catch (CandelaException e) {
        findings.add(new Finding(id + ".json", "schema", e.getMessage().replace(prefix, "")));
      }
      try {
        ds.images(new long[] {i});
      } catch (CandelaException e) {
        findings.add(new Finding(id + ".png", "image", e.getMessage().replace(prefix, "")));
      }
    }
    findings.sort(Comparator.comparing(Finding::file).thenComparing(Finding::check));
    return new ValidationReport(
        folder.toString(),
        ds.space().name(),
        rules.variant(),
        png.size(),
        json.size(),
        findings,
        stats.result(),
        Map.of());
  }
}
