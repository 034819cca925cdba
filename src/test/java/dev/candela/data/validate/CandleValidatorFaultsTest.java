package dev.candela.data.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.candela.cli.Main;
import dev.candela.cli.console.ExitCodes;
import dev.candela.data.ConfoundingRules;
import dev.candela.data.OpenCvImages;
import dev.candela.data.candle.CandleIds;
import dev.candela.synth.CandleGenerator;
import dev.candela.synth.CandleRenderer;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Scalar;

/** A CANDLE folder with one planted fault per file, each reported with its file and reason. */
class CandleValidatorFaultsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long SEED = 5;

  @TempDir static Path dir;
  static int[] ids;
  static ValidationReport report;
  static Map<String, List<Finding>> byFile;
  static int ruleBreaker;
  static int idMoved;

  @BeforeAll
  static void plant() throws Exception {
    CandleGenerator g = new CandleGenerator(ConfoundingRules.forDataset("candle", null), SEED);
    int base = CandleIds.id(new int[] {10 - 2, 1, 0, 0, 0, 0}); // street, middle
    ids = g.select(base, base + 449, 12);
    g.generate(dir, ids, null);
    // 0: bad JSON
    Files.writeString(dir.resolve(ids[0] + ".json"), "{\"scene\": \"street\", oops");
    // 1: wrong image size
    OpenCvImages.ensureLoaded();
    Mat small = new Mat(100, 100, CvType.CV_8UC3, new Scalar(10, 20, 30));
    Files.write(dir.resolve(ids[1] + ".png"), OpenCvImages.encodePng(small));
    small.release();
    // 2: bounds outside the image
    editBounds(ids[2], -10, 5, 40, 60);
    // 3: bounds far from the object (inside the image)
    ObjectNode m3 = read(ids[3]);
    double xmin = object(m3).get("bounds").get(0).get(0).asDouble();
    ArrayNode b3 = (ArrayNode) object(m3).get("bounds");
    double width = b3.get(1).get(0).asDouble() - xmin;
    double shift = (xmin > 160 ? 10 : 310 - width) - xmin;
    editBounds(
        ids[3],
        xmin + shift,
        b3.get(0).get(1).asDouble(),
        b3.get(1).get(0).asDouble() + shift,
        b3.get(1).get(1).asDouble());
    // 4: id mismatch (another rotation than the id says)
    ObjectNode m4 = read(ids[4]);
    int rot = object(m4).get("rotation").asInt();
    object(m4).put("rotation", rot == 0 ? 15 : 0);
    write(ids[4], m4);
    idMoved = ids[4];
    // 5: missing png
    Files.delete(dir.resolve(ids[5] + ".png"));
    // 6: corrupt png
    Files.write(dir.resolve(ids[6] + ".png"), new byte[] {1, 2, 3, 4});
    // 7: unknown colour
    ObjectNode m7 = read(ids[7]);
    object(m7).put("color", "green");
    write(ids[7], m7);
    // a sample that violates a rule: street, middle, cube, red, size 2.5 (only tori may be 2.5)
    ruleBreaker = CandleIds.id(new int[] {8, 1, 0, 0, 2, 0});
    CandleRenderer.Sample s = new CandleRenderer(SEED).render(ruleBreaker);
    Files.write(dir.resolve(ruleBreaker + ".png"), s.png());
    Files.writeString(dir.resolve(ruleBreaker + ".json"), s.metadata().toJsonString());
    // a file name that is no id
    Files.writeString(dir.resolve("notes.json"), "{}");
    report = new CandleValidator(ConfoundingRules.forDataset("candle", "published")).validate(dir);
    byFile =
        report.findings().stream()
            .collect(Collectors.groupingBy(Finding::file, TreeMap::new, Collectors.toList()));
  }

  private static ObjectNode read(int id) throws Exception {
    return (ObjectNode) JSON.readTree(dir.resolve(id + ".json").toFile());
  }

  private static ObjectNode object(ObjectNode root) {
    return (ObjectNode) root.get("objects").elements().next();
  }

  private static void write(int id, ObjectNode root) throws Exception {
    Files.writeString(dir.resolve(id + ".json"), JSON.writeValueAsString(root));
  }

  private static void editBounds(int id, double x0, double y0, double x1, double y1)
      throws Exception {
    ObjectNode m = read(id);
    ArrayNode b = JSON.createArrayNode();
    b.addArray().add(x0).add(y0);
    b.addArray().add(x1).add(y1);
    object(m).set("bounds", b);
    write(id, m);
  }

  private static Finding only(String file) {
    List<Finding> f = byFile.get(file);
    assertTrue(f != null, file + " has no finding; all: " + report.findings());
    assertEquals(1, f.size(), file + ": " + f);
    return f.get(0);
  }

  /**
   * Each planted fault: its name, the file, the check and the reason, whole ({@code exact}) or a
   * part of it.
   */
  static Stream<Arguments> faults() {
    return Stream.of(
        fault("badJson", ids[0] + ".json", "schema", "not valid JSON", false),
        fault(
            "wrongImageSize", ids[1] + ".png", "image", "image is 100x100, expected 320x240", true),
        fault(
            "boundsOutsideTheImage",
            ids[2] + ".json",
            "bounds",
            "[[-10,5],[40,60]] outside the 320x240 image",
            false),
        fault(
            "boundsAwayFromTheObject",
            ids[3] + ".json",
            "bounds",
            "do not match the visible object",
            false),
        fault("idMismatch", idMoved + ".json", "id", "not the file's id " + idMoved, false),
        fault(
            "missingPng",
            ids[5] + ".json",
            "pair",
            "no " + ids[5] + ".png beside the metadata",
            true),
        fault("corruptPng", ids[6] + ".png", "image", "cannot decode the image", true),
        fault("unknownVocabulary", ids[7] + ".json", "vocabulary", "unknown value green", false),
        fault("ruleViolation", ruleBreaker + ".json", "rule", "'large-not-torus'", false));
  }

  private static Arguments fault(
      String name, String file, String check, String reason, boolean exact) {
    return Arguments.of(name, file, check, reason, exact);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("faults")
  void eachFaultIsTheFilesOneFinding(
      String name, String file, String check, String reason, boolean exact) {
    Finding f = only(file);
    assertEquals(check, f.check());
    if (exact) {
      assertEquals(reason, f.reason());
    } else {
      assertTrue(f.reason().contains(reason), f.reason());
    }
  }

  @Test
  void badFileName() {
    assertEquals("name", only("notes.json").check());
  }

  @Test
  void untouchedSamplesAreClean() {
    for (int i = 8; i < ids.length; i++) {
      assertTrue(!byFile.containsKey(ids[i] + ".json"), byFile.get(ids[i] + ".json") + "");
      assertTrue(!byFile.containsKey(ids[i] + ".png"), byFile.get(ids[i] + ".png") + "");
    }
    assertEquals(10, byFile.size(), report.findings().toString());
  }

  @Test
  void cliExitsOneAndListsTheFindings() throws Exception {
    PrintStream old = System.out;
    java.io.ByteArrayOutputStream buf = new java.io.ByteArrayOutputStream();
    int code;
    try {
      System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
      code = Main.commandLine().execute("dataset", "validate", dir.toString());
    } finally {
      System.setOut(old);
    }
    assertEquals(ExitCodes.FAILURE, code);
    String out = buf.toString(StandardCharsets.UTF_8);
    assertTrue(out.contains(ids[1] + ".png: [image] image is 100x100"), out);
    assertTrue(out.contains("10 violation(s)"), out);
  }
}
