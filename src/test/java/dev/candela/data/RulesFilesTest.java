package dev.candela.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The dSprites and MPI3D rules files (format of {@code ConfoundingRules}) only name factors and
 * values of the built-in specifications, and the repository copies equal the class-path files.
 */
class RulesFilesTest {
  @Test
  void rulesNameKnownFactorsAndValues() throws Exception {
    ObjectMapper om = new ObjectMapper();
    for (String name : List.of("dsprites", "mpi3d")) {
      String res = "datasets/rules/" + name + ".json";
      byte[] bytes = getClass().getClassLoader().getResourceAsStream(res).readAllBytes();
      assertArrayEquals(bytes, Files.readAllBytes(Path.of(res)), res + " copy differs");
      FactorSpace space = FactorSpecs.fromResource(name).space();
      JsonNode root = om.readTree(bytes);
      assertTrue(root.get("variants").has(root.get("default").asText()));
      for (JsonNode variant : root.get("variants")) {
        for (JsonNode rule : variant.get("exclude")) {
          Iterator<Map.Entry<String, JsonNode>> it = rule.get("when").properties().iterator();
          while (it.hasNext()) {
            Map.Entry<String, JsonNode> c = it.next();
            FactorSpace.Factor f = space.factor(c.getKey());
            JsonNode list = c.getValue().isArray() ? c.getValue() : c.getValue().get("not");
            if (list != null) {
              for (JsonNode v : list) {
                f.codeOf(v.isNumber() ? (Object) v.doubleValue() : v.asText());
              }
            } else {
              assertTrue(c.getValue().has("min") || c.getValue().has("max"), c.toString());
            }
          }
        }
      }
    }
  }
}
