package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.BadInputException;
import dev.candela.cli.console.ExitCodes;
import dev.candela.data.ConfoundingRules;
import dev.candela.data.OpenCvImages;
import dev.candela.data.candle.CandleIds;
import dev.candela.data.candle.CandleMetadata;
import dev.candela.synth.BlenderRenderer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opencv.core.Mat;

/**
 * {@code candela dataset render}: option handling without Blender, and real renders with Blender
 * (Workbench and Cycles) through the CLI code path. The Blender tests are skipped, with the reason,
 * only when no Blender is found (option-less discovery: {@code BLENDER}, then PATH).
 */
class DatasetRenderCommandTest {
  /**
   * Largest allowed distance, per box edge, between the declared bounds (projected object, camera
   * before the jitter) and the bounding box of the rendered object mask (jittered camera). The
   * jitter is at most 0.5° about each camera axis; at the 35 mm lens (311 px focal length) pitch
   * and yaw each move the image by at most 311·tan(0.5°) = 2.7 px, and roll moves a point at most
   * 0.5°·200 px = 1.7 px from the centre; plus 1 px of rasterisation.
   */
  private static final int BOUNDS_TOLERANCE_PX = 6;

  /**
   * Smallest ratio between the largest and smallest height/width of an upright torus's mask over
   * the six rotations (edge-on near 45° under the diagonal camera, open ring near 0° and 90°).
   */
  private static final double TORUS_ASPECT_SPREAD = 1.5;

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void missingBlenderIsAOneLineUserError(@TempDir Path dir) {
    CliRun r = CliRun.of("dataset", "render", "--out", dir, "--blender", dir.resolve("nope"));
    r.assertBadInput();
    assertEquals(
        "candela dataset render: Blender not found: --blender "
            + dir.resolve("nope")
            + " is not a program",
        r.err().strip());
  }

  @Test
  void idsOptionIsParsed() {
    assertArrayEquals(new int[] {3, 9}, CandleSelectionOptions.parseRange("3-9", 100));
    assertArrayEquals(new int[] {4, 4}, CandleSelectionOptions.parseRange("4", 100));
    assertArrayEquals(new int[] {0, 99}, CandleSelectionOptions.parseRange(null, 100));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> CandleSelectionOptions.parseRange("1-2-3", 100));
    assertEquals("--ids must be a-b or a single id, got '1-2-3'", e.getMessage());
  }

  private static void assumeBlender() {
    String why = "";
    try {
      BlenderRenderer.findBlender(null, System.getenv());
    } catch (BadInputException e) {
      why = e.getMessage();
    }
    assumeTrue(why.isEmpty(), "Blender tests skipped: " + why);
  }

  @Test
  void workbenchRenderValidatesAndResumes(@TempDir Path dir) throws Exception {
    assumeBlender();
    Path out = dir.resolve("wb");
    Path masks = dir.resolve("wb-masks");
    // Ids 0-17: indoor, left, red cube; the 6 ids of size 2.5 (12-17) are excluded by the
    // published rules (size 2.5 only for the torus).
    String[] args = {
      "dataset",
      "render",
      "--out",
      out.toString(),
      "--ids",
      "0-17",
      "--engine",
      "workbench",
      "--workers",
      "2",
      "--mask-dir",
      masks.toString(),
      "--quiet"
    };
    CliRun first = CliRun.of(args);
    assertEquals(ExitCodes.OK, first.exit(), first.out() + first.err());
    assertTrue(
        first.out().contains("render: 12 rendered, 0 already present, 12 selected"), first.out());
    assertTrue(first.out().contains("clean: 12 png, 12 json"), first.out());

    ConfoundingRules.Bound rules =
        ConfoundingRules.forDataset("candle", "published").bind(CandleIds.space());
    List<Integer> expected =
        IntStream.rangeClosed(0, 17).filter(i -> rules.allows(CandleIds.codes(i))).boxed().toList();
    assertEquals(IntStream.range(0, 12).boxed().toList(), expected);
    assertEquals(new TreeSet<>(expected), ids(out, ".png"));
    assertEquals(new TreeSet<>(expected), ids(out, ".json"));
    for (int id : expected) {
      checkSample(out, masks, id, "workbench");
    }

    FileTime before = Files.getLastModifiedTime(out.resolve("5.png"));
    CliRun second = CliRun.of(args);
    assertEquals(ExitCodes.OK, second.exit(), second.out() + second.err());
    assertTrue(
        second.out().contains("render: 0 rendered, 12 already present, 12 selected"), second.out());
    assertEquals(before, Files.getLastModifiedTime(out.resolve("5.png")));
  }

  @Test
  void torusStandsUprightSoItsRotationShows(@TempDir Path dir) throws Exception {
    assumeBlender();
    Path out = dir.resolve("torus");
    Path masks = dir.resolve("torus-masks");
    // Ids 360-365: indoor, left, torus, red, size 1.5, rotations 0, 15, 30, 45, 60, 90.
    CliRun r = render(out, masks, "360-365", "workbench");
    assertEquals(ExitCodes.OK, r.exit(), r.out() + r.err());
    double lowest = Double.MAX_VALUE;
    double highest = 0;
    StringBuilder seen = new StringBuilder();
    for (int id = 360; id <= 365; id++) {
      double[] box = maskBox(masks, id);
      double aspect = (box[3] - box[1]) / (box[2] - box[0]);
      lowest = Math.min(lowest, aspect);
      highest = Math.max(highest, aspect);
      seen.append(' ').append(id).append(':').append(Math.round(aspect * 100) / 100.0);
    }
    // A ring lying flat looks the same at every rotation about the vertical axis (one aspect
    // ratio, wider than tall); an upright ring is seen edge-on at one angle and open at another.
    assertTrue(highest > 1, "no rotation shows the upright ring taller than wide:" + seen);
    assertTrue(
        highest / lowest >= TORUS_ASPECT_SPREAD,
        "height/width of the torus mask barely changes with rotation:" + seen);
  }

  @Test
  void cyclesRenderAtLowSamples(@TempDir Path dir) throws Exception {
    assumeBlender();
    Path out = dir.resolve("cy");
    Path masks = dir.resolve("cy-masks");
    // 4150: bridge, left, sphere, red, size 2, rotation 60 (DESIGN.md's example).
    CliRun r = render(out, masks, "4150", "cycles", "--samples", "4");
    assertEquals(ExitCodes.OK, r.exit(), r.out() + r.err());
    assertTrue(r.out().contains("clean: 1 png, 1 json"), r.out());
    assertEquals(new TreeSet<>(List.of(4150)), ids(out, ".png"));
    JsonNode extras = checkSample(out, masks, 4150, "cycles");
    assertEquals(4, extras.get("samples").asInt());
  }

  /** Runs {@code dataset render} of some ids into {@code out}, with masks, quietly. */
  private static CliRun render(Path out, Path masks, String ids, String engine, String... extra) {
    List<String> args =
        new java.util.ArrayList<>(
            List.of(
                "dataset",
                "render",
                "--out",
                out.toString(),
                "--ids",
                ids,
                "--engine",
                engine,
                "--mask-dir",
                masks.toString(),
                "--quiet"));
    args.addAll(List.of(extra));
    return CliRun.of(args.toArray(String[]::new));
  }

  /** Checks one sample's JSON schema, factors and bounds (against the mask); returns extras. */
  private static JsonNode checkSample(Path out, Path masks, int id, String engine)
      throws Exception {
    Path json = out.resolve(id + ".json");
    CandleMetadata m = CandleMetadata.read(json);
    assertArrayEquals(CandleIds.codes(id), m.codes(CandleIds.space()), "factors of " + json);
    JsonNode root = JSON.readTree(json.toFile());
    assertEquals(
        List.of("scene", "lights", "objects", "extras"),
        iter(root.fieldNames()),
        "top-level keys of " + json);
    String key =
        Character.toUpperCase(m.objectType().charAt(0)) + m.objectType().substring(1) + "_0";
    JsonNode o = root.get("objects").get(key);
    assertEquals(
        List.of("object_type", "color", "size", "rotation", "bounds"),
        iter(o.fieldNames()),
        "object keys of " + json);
    if (m.size() == 2) {
      assertTrue(o.get("size").isInt(), "size 2 must be written as an integer: " + o);
    }
    assertTrue(o.get("rotation").isInt(), "rotation: " + o);
    JsonNode extras = root.get("extras");
    for (String k : List.of("location", "jitter", "seed", "engine", "samples")) {
      assertTrue(extras.has(k), "extras." + k + " missing in " + json);
    }
    assertEquals(engine, extras.get("engine").asText());
    double x = extras.get("location").get(0).asDouble();
    assertTrue(x >= -4.5 && x <= 4.5, "x " + x);
    for (String axis : List.of("pitch", "yaw", "roll")) {
      double j = extras.get("jitter").get(axis).asDouble();
      assertTrue(Math.abs(j) <= 0.5, "jitter " + axis + " " + j);
    }

    // Bounds against the object's rendered pixel mask (white object, jittered camera).
    double[] fromMask = maskBox(masks, id);
    CandleMetadata.Bounds b = m.bounds();
    double[] declared = {b.xmin(), b.ymin(), b.xmax(), b.ymax()};
    for (int k = 0; k < 4; k++) {
      assertTrue(
          Math.abs(declared[k] - fromMask[k]) <= BOUNDS_TOLERANCE_PX,
          "id "
              + id
              + ": bounds "
              + java.util.Arrays.toString(declared)
              + " vs mask box "
              + java.util.Arrays.toString(fromMask));
    }
    return extras;
  }

  /** The bounding box of a sample's rendered object mask: xmin, ymin, xmax, ymax (y up). */
  private static double[] maskBox(Path masks, int id) throws Exception {
    OpenCvImages.ensureLoaded();
    Mat mask = OpenCvImages.readBgr(masks.resolve(id + ".png"));
    assertEquals(320, mask.cols());
    assertEquals(240, mask.rows());
    int c0 = Integer.MAX_VALUE;
    int c1 = -1;
    int r0 = Integer.MAX_VALUE;
    int r1 = -1;
    byte[] px = new byte[3];
    for (int r = 0; r < mask.rows(); r++) {
      for (int c = 0; c < mask.cols(); c++) {
        mask.get(r, c, px);
        if ((px[1] & 0xFF) > 127) {
          c0 = Math.min(c0, c);
          c1 = Math.max(c1, c);
          r0 = Math.min(r0, r);
          r1 = Math.max(r1, r);
        }
      }
    }
    assertTrue(c1 >= 0, "empty mask for " + id);
    return new double[] {c0, 240 - (r1 + 1), c1 + 1, 240 - r0}; // y up, pixel edges
  }

  private static List<String> iter(java.util.Iterator<String> it) {
    List<String> out = new java.util.ArrayList<>();
    it.forEachRemaining(out::add);
    return out;
  }

  private static TreeSet<Integer> ids(Path dir, String ext) throws Exception {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(ext))
          .map(n -> Integer.parseInt(n.substring(0, n.length() - ext.length())))
          .collect(Collectors.toCollection(TreeSet::new));
    }
  }
}
