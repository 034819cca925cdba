package dev.candela.data.candle;

import static dev.candela.MessageAssertions.assertBadInput;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.BadInputException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CandleMetadataTest {
  private static final double EXACT = 0;
  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String EXAMPLE =
      """
      { "scene": "bridge", "lights": "left",
        "objects": { "Sphere_0": { "object_type": "sphere", "color": "red", "size": 2,
                                   "rotation": 60, "bounds": [[95,29],[154,87]] } },
        "extras": {"u": 0.5} }
      """;

  @Test
  void parsesTheDesignExampleAndWritesSizeTwoAsInteger() throws Exception {
    CandleMetadata m = CandleMetadata.parse(JSON.readTree(EXAMPLE), "x.json");
    assertEquals("Sphere_0", m.objectKey());
    assertEquals(2.0, m.size(), EXACT);
    assertEquals(95, m.bounds().xmin(), EXACT);
    assertEquals(87, m.bounds().ymax(), EXACT);
    assertEquals(Map.of("u", 0.5), m.extras());
    assertArrayEquals(new int[] {3, 0, 1, 0, 1, 4}, m.codes(CandleIds.space()));
    String text = m.toJsonString();
    assertTrue(text.contains("\"size\" : 2,"), text);
    assertEquals(m, CandleMetadata.parse(JSON.readTree(text), "y.json"));
  }

  @Test
  void typeErrorsNameTheFileAndValue() throws Exception {
    BadInputException e =
        assertThrows(
            BadInputException.class,
            () ->
                CandleMetadata.parse(
                    JSON.readTree(EXAMPLE.replace("\"size\": 2", "\"size\": \"2\"")), "x.json"));
    assertTrue(e.getMessage().startsWith("x.json: objects.Sphere_0"), e.getMessage());
    assertTrue(e.getMessage().contains("\"size\" must be a number, got \"2\""), e.getMessage());
    assertBadInput(
        () ->
            CandleMetadata.parse(
                JSON.readTree(EXAMPLE.replace("[[95,29],[154,87]]", "[[95,29]]")), "x.json"),
        "bounds must be");
    assertBadInput(
        () -> CandleMetadata.parse(JSON.readTree("{\"scene\": \"bridge\"}"), "x.json"),
        "missing \"lights\"");
  }
}
