package dev.candela.data;

import static dev.candela.MessageAssertions.assertBadInput;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.BadInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfoundingRulesTest {

  private static final FactorSpace SPACE =
      new FactorSpace(
          "t",
          List.of(
              new FactorSpace.Factor("shape", List.of("a", "b", "c")),
              new FactorSpace.Factor("size", List.of(1.5, 2, 2.5))));

  private static final String FILE =
      """
      {"dataset": "t", "default": "one", "variants": {
        "one": {"description": "d1", "exclude": [
          {"name": "big-not-c", "when": {"size": [2.5], "shape": {"not": ["c"]}}}]},
        "two": {"exclude": [
          {"name": "range", "when": {"size": {"min": 1.9, "max": 2.1}}},
          {"name": "a", "when": {"shape": ["a"]}}]}}}
      """;

  @TempDir Path dir;

  private Path write(String text) throws IOException {
    return Files.writeString(dir.resolve("rules.json"), text);
  }

  @Test
  void defaultVariantConjunctionAndNegation() throws Exception {
    ConfoundingRules r = ConfoundingRules.load(write(FILE), null);
    assertEquals("one", r.variant());
    assertEquals("d1", r.description());
    ConfoundingRules.Bound b = r.bind(SPACE);
    assertTrue(b.excludes(new int[] {0, 2}));
    assertTrue(b.excludes(new int[] {1, 2}));
    assertFalse(b.excludes(new int[] {2, 2}));
    assertFalse(b.excludes(new int[] {0, 1}));
    assertEquals("big-not-c", b.violated(new int[] {0, 2}).get(0).name());
  }

  @Test
  void rangeAndDisjunctionOfRules() throws Exception {
    ConfoundingRules.Bound b = ConfoundingRules.load(write(FILE), "two").bind(SPACE);
    assertTrue(b.excludes(new int[] {1, 1}));
    assertTrue(b.excludes(new int[] {0, 0}));
    assertFalse(b.excludes(new int[] {2, 0}));
    assertEquals(2, b.violated(new int[] {0, 1}).size());
    assertEquals(List.of("one", "two"), ConfoundingRules.variants(dir.resolve("rules.json")));
  }

  @Test
  void unknownVariantNamesFileAndVariants() throws Exception {
    Path p = write(FILE);
    BadInputException e =
        assertThrows(BadInputException.class, () -> ConfoundingRules.load(p, "three"));
    assertTrue(e.getMessage().contains("three") && e.getMessage().contains("[one, two]"));
    assertTrue(e.getMessage().contains(p.toString()));
  }

  @Test
  void unknownFactorValueRejectedOnBind() throws Exception {
    ConfoundingRules r =
        ConfoundingRules.load(
            write(
                """
                {"variants": {"v": {"exclude": [{"name": "x", "when": {"shape": ["zz"]}}]}}}
                """),
            "v");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> r.bind(SPACE));
    assertTrue(e.getMessage().contains("zz") && e.getMessage().contains("'x'"));
    ConfoundingRules r2 =
        ConfoundingRules.load(
            write("{\"variants\": {\"v\": {\"exclude\": [{\"when\": {\"colour\": [1]}}]}}}"), "v");
    IllegalArgumentException e2 =
        assertThrows(IllegalArgumentException.class, () -> r2.bind(SPACE));
    assertTrue(e2.getMessage().contains("colour"));
  }

  @Test
  void malformedFilesAreBadInput() throws Exception {
    Path p = write("{\"variants\": {\"v\": {\"exclude\": [{\"when\": {\"shape\": \"a\"}}]}}}");
    assertBadInput(() -> ConfoundingRules.load(p, "v"), "shape");
    Path q = write("{not json");
    BadInputException e2 =
        assertThrows(BadInputException.class, () -> ConfoundingRules.load(q, null));
    assertTrue(e2.getMessage().contains(q.toString()));
  }

  @Test
  void noneExcludesNothing() {
    assertTrue(ConfoundingRules.none("t").bind(SPACE).allows(new int[] {0, 2}));
  }
}
