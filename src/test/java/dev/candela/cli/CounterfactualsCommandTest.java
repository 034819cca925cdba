package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.candela.TestDatasets;
import dev.candela.cli.console.ExitCodes;
import dev.candela.data.loading.DatasetPaths;
import dev.candela.data.npy.NpyDType;
import dev.candela.data.npy.NpzWriter;
import dev.candela.evaluate.cf.CounterfactualJob;
import dev.candela.report.JsonReports;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code candela counterfactuals} end to end with the shipped dSprites VAE and classifier on a tiny
 * generated dSprites-format npz: chunks, grids, summary, resume after deleting a chunk, {@code
 * --limit}, {@code --samples}/{@code --cg-samples}, {@code --factors}, and bad input. That its
 * numbers are {@code evaluate}'s is {@code dev.candela.evaluate.OneCounterfactualPathTest}.
 */
class CounterfactualsCommandTest {
  private static final Path VAE = Path.of("models/dsprites-beta-vae");
  private static final Path CLASSIFIER = Path.of("models/dsprites-classifier");
  private static final List<String> EVALUATED =
      List.of("shape", "scale", "orientation", "posX", "posY");

  @TempDir static Path shared;
  private static Path data;

  @TempDir Path tmp;

  @BeforeAll
  static void generate() throws Exception {
    data = TestDatasets.dsprites(shared.resolve("dsprites-36.npz"), 36, 7);
  }

  /** The checksum of a model folder's (first) weights file, as its card records it. */
  private static String weightsChecksum(Path model) throws java.io.IOException {
    return JsonReports.mapper()
        .readTree(model.resolve("model.json").toFile())
        .get("weights")
        .elements()
        .next()
        .asText();
  }

  private static List<String> args(Path out, String... extra) {
    List<String> a = new ArrayList<>();
    a.addAll(
        List.of(
            "counterfactuals",
            "--dataset",
            data.toString(),
            "--model",
            VAE.toString(),
            "--classifier",
            CLASSIFIER.toString(),
            "--out",
            out.toString(),
            "--device",
            "cpu",
            "--quiet"));
    a.addAll(List.of(extra));
    return a;
  }

  private static CliRun run(List<String> a) {
    return CliRun.of(a.toArray(String[]::new));
  }

  @Test
  void runsInChunksAndResumesOnlyTheMissingChunk() throws Exception {
    Path out = tmp.resolve("job");
    List<String> a = args(out, "--chunk-size", "12", "--grid-samples", "2", "--batch-size", "64");
    CliRun first = run(a);
    assertEquals(0, first.exit(), first.err());
    assertTrue(
        first.err().contains("factor 'color' has a single value; it is excluded"), first.err());
    assertTrue(first.out().contains("chunks: 3 computed, 0 reused"), first.out());
    for (String f : EVALUATED) {
      assertTrue(first.out().contains(f), first.out());
      assertTrue(Files.isRegularFile(out.resolve("grids").resolve(f + ".png")), f);
    }
    assertFalse(Files.exists(out.resolve("grids").resolve("color.png")));
    JsonNode summary = JsonReports.mapper().readTree(out.resolve("summary.json").toFile());
    assertEquals(36, summary.get("samples").asInt());
    assertEquals(3, summary.get("chunks").asInt());
    double cg = summary.get("cg").asDouble();
    assertTrue(cg >= 0 && cg <= 1, "cg " + cg);
    List<String> names = new ArrayList<>();
    summary.get("factors").forEach(f -> names.add(f.get("name").asText()));
    assertEquals(EVALUATED, names);
    JsonNode selection = JsonReports.mapper().readTree(out.resolve("selection.json").toFile());
    assertEquals(36, selection.get("samples").asInt());
    List<String> selected = new ArrayList<>();
    selection.get("factors").forEach(f -> selected.add(f.asText()));
    assertEquals(EVALUATED, selected, "color (a single value) is not selected");
    selection.get("sets").forEach(set -> assertEquals(1, set.size(), "rho 1"));

    JsonNode summaryBefore = withoutCreatedAt(out.resolve("summary.json"));
    Path chunk1 = CounterfactualJob.chunkFile(out, 1);
    byte[] chunk1Bytes = Files.readAllBytes(chunk1);
    long chunk0Time = Files.getLastModifiedTime(CounterfactualJob.chunkFile(out, 0)).toMillis();
    Files.delete(chunk1);

    CliRun second = run(a);
    assertEquals(0, second.exit(), second.err());
    assertTrue(second.out().contains("chunks: 1 computed, 2 reused"), second.out());
    assertTrue(second.out().contains("(codes of the earlier run)"), second.out());
    assertArrayEquals(chunk1Bytes, Files.readAllBytes(chunk1));
    assertEquals(summaryBefore, withoutCreatedAt(out.resolve("summary.json")));
    assertTrue(first.out().contains("codes: 36 encoded, 0 read back"), first.out());
    assertTrue(second.out().contains("codes: 0 encoded, 36 read back"), second.out());
    assertEquals(
        chunk0Time, Files.getLastModifiedTime(CounterfactualJob.chunkFile(out, 0)).toMillis());
  }

  /** The summary without {@code provenance.createdAt} (the only field a rerun changes). */
  private static JsonNode withoutCreatedAt(Path summary) throws Exception {
    JsonNode n = JsonReports.mapper().readTree(summary.toFile());
    ((com.fasterxml.jackson.databind.node.ObjectNode) n.get("provenance")).remove("createdAt");
    return n;
  }

  @Test
  void summaryCarriesTheProvenanceOfReportJson() throws Exception {
    Path out = tmp.resolve("prov");
    CliRun r = run(args(out, "--limit", "6", "--chunk-size", "6", "--seed", "5"));
    assertEquals(0, r.exit(), r.err());
    JsonNode p =
        JsonReports.mapper().readTree(out.resolve("summary.json").toFile()).get("provenance");
    JsonNode inputs = p.get("inputs");
    String vaeSum = weightsChecksum(VAE);
    String clfSum = weightsChecksum(CLASSIFIER);
    assertEquals(vaeSum, inputs.get("model:" + VAE).asText(), inputs.toString());
    assertEquals(clfSum, inputs.get("classifier:" + CLASSIFIER).asText(), inputs.toString());
    try (var ds = DatasetPaths.open(data)) {
      assertEquals(ds.fingerprint(), inputs.get("dataset:" + data).asText(), inputs.toString());
    }
    assertEquals(5, p.get("seed").asLong());
    assertEquals("cpu()", p.get("device").asText());
    assertEquals("PyTorch", p.get("versions").get("engine").asText());
    assertTrue(p.get("versions").has("candela") && p.get("versions").has("java"), p.toString());
    JsonNode params = p.get("parameters");
    assertEquals(6, params.get("chunkSize").asInt());
    assertEquals(6, params.get("limit").asInt());
    assertEquals(6, params.get("samplesUsed").asInt());
    assertEquals("max-deviation", params.get("cgBaseline").asText());
    assertEquals("tolerant", params.get("cgReadout").asText());
    assertEquals("topk", params.get("ucSelection").asText());
    assertEquals(1, params.get("rho").asInt());
    assertEquals(256, params.get("batchSize").asInt());
    assertTrue(p.get("createdAt").asText().matches("\\d{4}-.*"), p.toString());
  }

  @Test
  void samplesAndCgSamplesAreEvaluatesDraws() throws Exception {
    Path out = tmp.resolve("drawn");
    CliRun r =
        run(args(out, "--samples", "20", "--cg-samples", "10", "--chunk-size", "4", "--seed", "3"));
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.out().contains("10 CG samples of 20 evaluation samples"), r.out());
    JsonNode summary = JsonReports.mapper().readTree(out.resolve("summary.json").toFile());
    assertEquals(10, summary.get("samples").asInt());
    assertEquals(3, summary.get("chunks").asInt());
    JsonNode selection = JsonReports.mapper().readTree(out.resolve("selection.json").toFile());
    assertEquals(20, selection.get("samples").asInt());
    List<String> codes = Files.readAllLines(out.resolve("codes.csv"));
    assertEquals(21, codes.size(), "header and one row per evaluation sample");
    assertTrue(codes.get(0).startsWith("sample,z0,z1"), codes.get(0));
    List<Long> evaluation = new ArrayList<>();
    for (String line : codes.subList(1, codes.size())) {
      evaluation.add(Long.parseLong(line.substring(0, line.indexOf(','))));
    }
    List<Long> drawn = new ArrayList<>();
    for (long i : dev.candela.evaluate.CgJob.evaluationSamples(36, 20, 3)) {
      drawn.add(i);
    }
    assertEquals(drawn, evaluation, "evaluate's draw of 20 of the 36 samples, seed 3");
    List<Long> cg = new ArrayList<>();
    for (int k = 0; k < 3; k++) {
      List<String> lines = Files.readAllLines(CounterfactualJob.chunkFile(out, k));
      for (String line : lines.subList(1, lines.size())) {
        long id = Long.parseLong(line.substring(0, line.indexOf(',')));
        if (cg.isEmpty() || cg.get(cg.size() - 1) != id) {
          cg.add(id);
        }
      }
    }
    List<Long> want = new ArrayList<>();
    for (long p : dev.candela.evaluate.CgJob.cgPositions(20, 10, 3)) {
      want.add(drawn.get((int) p));
    }
    assertEquals(want, cg, "the CG samples are evaluate's subset of the evaluation samples");
  }

  @Test
  void limitAndFactorsRestrictTheWork() throws Exception {
    Path out = tmp.resolve("limited");
    CliRun r =
        run(
            args(
                out, "--limit", "10", "--chunk-size", "4", "--factors", "posY,posX", "--rho", "2"));
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.out().contains("chunks: 3 computed, 0 reused"), r.out());
    JsonNode summary = JsonReports.mapper().readTree(out.resolve("summary.json").toFile());
    assertEquals(10, summary.get("samples").asInt());
    List<String> names = new ArrayList<>();
    summary.get("factors").forEach(f -> names.add(f.get("name").asText()));
    assertEquals(List.of("posX", "posY"), names, "dataset order, only the chosen factors");
    summary.get("factors").forEach(f -> assertEquals(2, f.get("set").size(), "rho 2"));
    try (Stream<Path> grids = Files.list(out.resolve("grids"))) {
      assertEquals(
          List.of("posX.png", "posY.png"),
          grids.map(p -> p.getFileName().toString()).sorted().toList());
    }
    try (Stream<String> lines = Files.lines(CounterfactualJob.chunkFile(out, 2))) {
      assertEquals(1 + 2 * 2, lines.count(), "last chunk: samples 8 and 9, two factors each");
    }
    JsonNode selection = JsonReports.mapper().readTree(out.resolve("selection.json").toFile());
    assertEquals(10, selection.get("samples").asInt(), "selection pass over the limited range");
  }

  @Test
  void aResumeWithAnotherReadoutIsRefused() throws Exception {
    Path out = tmp.resolve("readout");
    CliRun first = run(args(out, "--limit", "6", "--chunk-size", "6", "--grid-samples", "0"));
    assertEquals(0, first.exit(), first.err());
    JsonNode summary = JsonReports.mapper().readTree(out.resolve("summary.json").toFile());
    assertEquals("tolerant", summary.get("readout").asText());
    CliRun second =
        run(
            args(
                out,
                "--limit",
                "6",
                "--chunk-size",
                "6",
                "--grid-samples",
                "0",
                "--cg-readout",
                "exact"));
    assertEquals(ExitCodes.BAD_INPUT, second.exit(), second.err());
    assertTrue(
        second
            .err()
            .contains("readout was \"tolerant\" in the earlier run, this run has \"exact\""),
        second.err());
  }

  @Test
  void aJobFromBeforeTheReadoutResumesAsExactOnly() throws Exception {
    Path out = tmp.resolve("old-job");
    List<String> base = args(out, "--limit", "6", "--chunk-size", "3", "--grid-samples", "0");
    List<String> exact = new java.util.ArrayList<>(base);
    exact.addAll(List.of("--cg-readout", "exact"));
    CliRun first = run(exact);
    assertEquals(0, first.exit(), first.err());
    Path job = out.resolve("job.json");
    com.fasterxml.jackson.databind.node.ObjectNode old =
        (com.fasterxml.jackson.databind.node.ObjectNode)
            JsonReports.mapper().readTree(job.toFile());
    old.remove("readout");
    JsonReports.mapper().writeValue(job.toFile(), old);
    CliRun resumed = run(exact);
    assertEquals(0, resumed.exit(), resumed.err());
    JsonReports.mapper().writeValue(job.toFile(), old);
    CliRun tolerant = run(base);
    assertEquals(ExitCodes.BAD_INPUT, tolerant.exit(), tolerant.err());
    assertTrue(
        tolerant
            .err()
            .contains("readout was \"exact\" in the earlier run, this run has \"tolerant\""),
        tolerant.err());
  }

  @Test
  void missingModelIsNamed() {
    Path missing = tmp.resolve("no-such-model");
    List<String> a = args(tmp.resolve("o"));
    a.set(a.indexOf(VAE.toString()), missing.toString());
    CliRun r = run(a);
    assertEquals(ExitCodes.BAD_INPUT, r.exit());
    assertTrue(r.err().contains(missing + ": no such model directory (--model)"), r.err());
  }

  @Test
  void datasetWithoutLabelsIsRejected() throws Exception {
    Path bare = tmp.resolve("bare.npz");
    try (NpzWriter w = NpzWriter.create(bare)) {
      w.put("imgs", NpyDType.U1, new long[] {2, 64, 64}, false, new byte[2 * 64 * 64]);
    }
    List<String> a = args(tmp.resolve("o"));
    a.set(a.indexOf(data.toString()), bare.toString());
    CliRun r = run(a);
    assertEquals(ExitCodes.BAD_INPUT, r.exit());
    assertTrue(r.err().contains("no 'latents_classes' array"), r.err());
    assertEquals(1, r.err().lines().count(), r.err());
  }

  @Test
  void mismatchingClassifierFactorsAreRejected() throws Exception {
    Path clf = tmp.resolve("clf");
    Files.createDirectories(clf);
    try (Stream<Path> files = Files.list(CLASSIFIER)) {
      for (Path f : files.toList()) {
        Files.copy(f, clf.resolve(f.getFileName()));
      }
    }
    Path card = clf.resolve("model.json");
    Files.writeString(
        card, Files.readString(card).replace("\"name\" : \"shape\"", "\"name\" : \"form\""));
    List<String> a = args(tmp.resolve("o"));
    a.set(a.indexOf(CLASSIFIER.toString()), clf.toString());
    CliRun r = run(a);
    assertEquals(ExitCodes.BAD_INPUT, r.exit());
    assertTrue(
        r.err()
            .contains("classifier has no factor 'shape' (classifier factors [color, form, scale"),
        r.err());
    assertEquals(1, r.err().lines().count(), r.err());
  }

  @Test
  void unknownFactorIsNamed() {
    CliRun r = run(args(tmp.resolve("o"), "--factors", "shape,hue"));
    assertEquals(ExitCodes.BAD_INPUT, r.exit());
    assertTrue(
        r.err().contains("--factors: unknown factor 'hue' (factors: [color, shape, scale,"),
        r.err());
  }
}
