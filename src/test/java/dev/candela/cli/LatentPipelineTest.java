package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.causal.fit.LatentFitInfo;
import dev.candela.causal.model.Cpt;
import dev.candela.causal.model.ModelJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's latent recipe on CANDLE factors: perfect codes (the factor indices plus small noise)
 * against random latents, through {@code fit-latent} and {@code causal distance}.
 */
class LatentPipelineTest {
  private static final Path TRUTH = Path.of("datasets/causal/candle-factors.json");
  private static final List<String> FACTORS =
      List.of("scene", "lights", "object_type", "color", "size", "rotation");

  @TempDir Path dir;

  private Path factors() {
    Path f = dir.resolve("factors.csv");
    CliRun.ok("causal", "sample", "--model", TRUTH, "--n", "400", "--seed", "1", "--out", f);
    return f;
  }

  /**
   * Latent table: the factor's value index + N(0, noise²) per factor, then two nuisance latents.
   */
  private Path latents(Path factors, boolean perfect) throws Exception {
    var truth = ModelJson.read(TRUTH);
    List<String> lines = Files.readAllLines(factors);
    List<String> header = List.of(lines.get(0).split(","));
    SplittableRandom rng = new SplittableRandom(perfect ? 5 : 6);
    List<String> out = new ArrayList<>();
    out.add("z0,z1,z2,z3,z4,z5,z6,z7");
    for (String line : lines.subList(1, lines.size())) {
      String[] cells = line.split(",");
      StringBuilder sb = new StringBuilder();
      for (int j = 0; j < 8; j++) {
        double v = rng.nextGaussian();
        if (perfect && j < FACTORS.size()) {
          String name = FACTORS.get(j);
          List<String> values = ((Cpt) truth.variable(truth.indexOf(name)).mechanism()).values();
          v = values.indexOf(cells[header.indexOf(name)]) + 0.05 * v;
        }
        sb.append(j == 0 ? "" : ",").append(String.format(Locale.ROOT, "%.6f", v));
      }
      out.add(sb.toString());
    }
    Path l = dir.resolve((perfect ? "perfect" : "random") + ".csv");
    Files.write(l, out);
    return l;
  }

  /** {@code causal fit-latent} of the latent table against the factor table, which must succeed. */
  private static CliRun fitLatent(Object latents, Object factors, Object dag, Path out) {
    return CliRun.ok(
        "causal",
        "fit-latent",
        "--latents",
        latents,
        "--factors",
        factors,
        "--dag",
        dag,
        "--out",
        out);
  }

  /**
   * {@code causal distance} of the fitted model from the truth with these metrics and extra
   * options, which must succeed; the scores go to {@code json}.
   */
  private static CliRun distance(Path model, Path json, String metrics, String... more) {
    List<Object> a = new ArrayList<>(List.of("causal", "distance", "--truth", TRUTH));
    a.addAll(List.of("--model", model, "--metrics", metrics));
    a.addAll(List.of(more));
    a.addAll(List.of("--json", json));
    return CliRun.ok(a.toArray());
  }

  private JsonNode fitAndCompare(Path factors, Path latents, String tag) throws Exception {
    Path model = dir.resolve(tag + "-scm.json");
    CliRun f = fitLatent(latents, factors, TRUTH, model);
    assertTrue(f.err().contains("DAG given"), f.err());
    Path json = dir.resolve(tag + "-d.json");
    CliRun d =
        distance(
            model,
            json,
            "od,id,cd,shd",
            "--samples",
            "150",
            "--evidence",
            "1",
            "--replicates",
            "3");
    assertTrue(d.out().contains("shd    not reported"), d.out());
    JsonNode doc = new ObjectMapper().readTree(json.toFile());
    assertFalse(doc.get("scores").has("shd"), doc.get("scores").toString());
    assertFalse(doc.get("details").get("shd").get("finding").asBoolean());
    return doc;
  }

  @Test
  void perfectCodesBeatRandomCodesOnAlignmentAndOnEveryDistance() throws Exception {
    Path f = factors();
    JsonNode perfect = fitAndCompare(f, latents(f, true), "perfect");
    JsonNode random = fitAndCompare(f, latents(f, false), "random");
    LatentFitInfo p = LatentFitInfo.read(dir.resolve("perfect-scm.json")).orElseThrow();
    LatentFitInfo r = LatentFitInfo.read(dir.resolve("random-scm.json")).orElseThrow();
    for (String name : FACTORS) {
      assertTrue(p.alignment().get(name) > 0.95, name + " perfect " + p.alignment());
      assertTrue(r.alignment().get(name) < 0.1, name + " random " + r.alignment());
      assertEquals(1, p.groups().get(name).size());
    }
    // One-to-one: six different latents.
    assertEquals(6, p.groups().values().stream().distinct().count());
    for (String m : List.of("od", "id", "cd")) {
      JsonNode ps = perfect.get("scores");
      JsonNode rs = random.get("scores");
      double pv = ps.get(m).asDouble();
      double rv = rs.get(m).asDouble();
      double nul = ps.get(m + ".null").asDouble();
      double se = Math.max(ps.get(m + ".se").asDouble(), rs.get(m + ".se").asDouble());
      // Above the same null, random codes are at least twice as far as perfect ones, and the gap
      // is many standard errors wide.
      assertTrue(
          rv - nul > 2 * (pv - nul), m + ": perfect " + pv + ", random " + rv + ", null " + nul);
      assertTrue(rv - pv > 5 * se, m + ": perfect " + pv + ", random " + rv + ", se " + se);
    }
  }

  @Test
  void factorsThatWouldShareALatentAreRefusedUnlessAllowed() throws Exception {
    Path f = factors();
    List<String> lines = Files.readAllLines(latents(f, true));
    List<String> two = new ArrayList<>();
    for (String line : lines) {
      String[] c = line.split(",");
      two.add(c[0] + "," + c[1]);
    }
    Path l = dir.resolve("two.csv");
    Files.write(l, two);
    Path dag = dir.resolve("dag.json");
    Files.writeString(dag, "{\"variables\": [\"scene\", \"lights\", \"color\"], \"edges\": []}");
    List<String> base =
        List.of(
            "causal",
            "fit-latent",
            "--latents",
            l.toString(),
            "--factors",
            f.toString(),
            "--dag",
            dag.toString(),
            "--out",
            dir.resolve("m.json").toString());
    CliRun oneToOne = CliRun.of(base.toArray(String[]::new));
    oneToOne.assertBadInput();
    assertEquals(
        "candela causal fit-latent: "
            + l
            + ": 3 factors × 1 latents each need 3 distinct latents, but only 2 are active"
            + " (non-constant)",
        oneToOne.err().strip());
    List<String> uc = new ArrayList<>(base);
    uc.addAll(List.of("--groups", "uc"));
    CliRun refused = CliRun.of(uc.toArray(String[]::new));
    refused.assertBadInput("latent groups are not distinct");
    uc.add("--allow-shared");
    CliRun allowed = CliRun.ok(uc.toArray(String[]::new));
    assertTrue(allowed.err().contains("warning: "), allowed.err());
    assertFalse(LatentFitInfo.read(dir.resolve("m.json")).orElseThrow().sharedLatents().isEmpty());
  }

  @Test
  void dagCanBeLearned() throws Exception {
    Path f = factors();
    Path model = dir.resolve("learned.json");
    CliRun r = fitLatent(latents(f, true), f, "learn", model);
    assertTrue(r.err().contains("DAG learned"), r.err());
    LatentFitInfo info = LatentFitInfo.read(model).orElseThrow();
    assertEquals("learned", info.dag());
    assertEquals(FACTORS.size(), ModelJson.read(model).size());
    Path json = dir.resolve("l.json");
    distance(model, json, "shd");
    assertTrue(new ObjectMapper().readTree(json.toFile()).get("scores").has("shd"));
  }
}
