package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.ModelJson;
import dev.candela.data.CodeTables;
import dev.candela.metrics.LatentCodes;
import dev.candela.synth.SyntheticCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code causal fit-latent}: latent groups from IRS/UC, an SCM over them on the factor DAG. */
class CausalFitLatentCommandTest {

  @TempDir Path dir;

  private Path[] codes() throws Exception {
    LatentCodes c =
        SyntheticCodes.generate(
            SyntheticCodes.Kind.DISENTANGLED, 500, new int[] {4, 5, 6}, 4, 0.01, 3);
    Path f = dir.resolve("factors.csv");
    Path l = dir.resolve("latents.csv");
    CodeTables.writeCsv(f, List.of("a", "b", "c"), c.factors());
    CodeTables.writeCsv(l, c.latentNames(), c.latents());
    return new Path[] {f, l};
  }

  /** {@code candela causal fit-latent} on these codes and DAG, and the further arguments. */
  private static Object[] fitLatent(Path factors, Path latents, Path dag, Object... more) {
    List<Object> args =
        new ArrayList<>(
            List.of(
                "causal", "fit-latent", "--latents", latents, "--factors", factors, "--dag", dag));
    args.addAll(List.of(more));
    return args.toArray();
  }

  @Test
  void groupsFollowIrsAndTheModelFollowsTheDag() throws Exception {
    Path[] in = codes();
    Path dag = dir.resolve("dag.json");
    Files.writeString(
        dag, "{\"variables\": [\"a\", \"b\", \"c\"], \"edges\": [[\"a\", \"b\"], [\"b\", \"c\"]]}");
    Path out = dir.resolve("latent-scm.json");
    CliRun r = CliRun.ok(fitLatent(in[0], in[1], dag, "--out", out));
    // Latent j encodes factor j in a disentangled code, so UC(1) picks it.
    assertTrue(r.err().contains("Z_a = [z0]"), r.err());
    assertTrue(r.err().contains("Z_b = [z1]"), r.err());
    assertTrue(r.err().contains("Z_c = [z2]"), r.err());
    CausalModel m = ModelJson.read(out);
    assertEquals(List.of("a", "b", "c"), m.dag().names());
    assertEquals(List.of("a"), m.dag().parents("b"));
    assertEquals(List.of("b"), m.dag().parents("c"));
    assertTrue(m.isLinearGaussian());
  }

  @Test
  void dagVariableThatIsNotAFactorIsBadInput() throws Exception {
    Path[] in = codes();
    Path dag = dir.resolve("dag.json");
    Files.writeString(dag, "{\"variables\": [\"a\", \"q\"], \"edges\": [[\"a\", \"q\"]]}");
    CliRun r = CliRun.of(fitLatent(in[0], in[1], dag, "--out", dir.resolve("m.json")));
    r.assertBadInput();
    assertEquals(
        "candela causal fit-latent: "
            + dag
            + ": DAG variable 'q' is not a factor of "
            + in[0]
            + " [a, b, c]",
        r.err().strip());
  }

  /** The OD of a fitted latent model against the factors' ground truth, in the given units. */
  private double odAgainstTruth(Path[] in, String scale) throws Exception {
    Path spec = dir.resolve("spec.json");
    Files.writeString(
        spec,
        "{\"name\": \"abc\", \"factors\": [{\"name\": \"a\", \"values\": [0, 1, 2, 3]},"
            + " {\"name\": \"b\", \"values\": [0, 1, 2, 3, 4]},"
            + " {\"name\": \"c\", \"values\": [0, 1, 2, 3, 4, 5]}],"
            + " \"image\": {\"channels\": 1, \"height\": 8, \"width\": 8}}");
    Path truth = dir.resolve("truth.json");
    CliRun.ok("causal", "truth", "--spec", spec, "--out", truth);
    Path model = dir.resolve("latent-" + scale + ".json");
    CliRun.ok(fitLatent(in[0], in[1], truth, "--scale", scale, "--out", model));
    Path json = dir.resolve("d-" + scale + ".json");
    CliRun.ok(
        "causal",
        "distance",
        "--truth",
        truth,
        "--model",
        model,
        "--metrics",
        "od,shd",
        "--json",
        json);
    var scores =
        new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.toFile()).get("scores");
    // The DAG was copied from the truth: SHD is not a finding and is left out of the scores.
    assertTrue(scores.get("shd") == null, scores.toString());
    return scores.get("od").asDouble();
  }

  @Test
  void unitsOfTheGroupsDoNotChangeTheDistances() throws Exception {
    Path[] in = codes();
    double calibrated = odAgainstTruth(in, "factor");
    double standard = odAgainstTruth(in, "standard");
    // The latent model is read through each factor value's level (the group's mean on the rows
    // with that value), which moves with any affine map of the group: the units cancel. (Before
    // levels, standardised groups sat 1.5 to 2.5 codes away from the factors' means.)
    assertEquals(calibrated, standard, UNITS_CANCEL);
    assertTrue(calibrated < 1.0, "OD " + calibrated);
  }

  /** Floating-point differences between two affine images of the same fit. */
  private static final double UNITS_CANCEL = 1e-9;
}
