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

  @Test
  void groupsFollowIrsAndTheModelFollowsTheDag() throws Exception {
    Path[] in = codes();
    Path dag = dir.resolve("dag.json");
    Files.writeString(
        dag, "{\"variables\": [\"a\", \"b\", \"c\"], \"edges\": [[\"a\", \"b\"], [\"b\", \"c\"]]}");
    Path out = dir.resolve("latent-scm.json");
    CliRun r =
        CliRun.of(
            "causal",
            "fit-latent",
            "--latents",
            in[1].toString(),
            "--factors",
            in[0].toString(),
            "--dag",
            dag.toString(),
            "--out",
            out.toString());
    assertEquals(0, r.exit(), r.err());
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
    CliRun r =
        CliRun.of(
            "causal",
            "fit-latent",
            "--latents",
            in[1].toString(),
            "--factors",
            in[0].toString(),
            "--dag",
            dag.toString(),
            "--out",
            dir.resolve("m.json").toString());
    assertEquals(Main.BAD_INPUT, r.exit());
    assertEquals(
        "candela fit-latent: "
            + dag
            + ": DAG variable 'q' is not a factor of "
            + in[0]
            + " [a, b, c]",
        r.err().strip());
  }
}
