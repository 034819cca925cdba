package dev.candela.data.candle;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.BadInputException;
import dev.candela.data.FactorDataset;
import dev.candela.data.FactorSpace;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Minimal reader of a factor specification JSON ({@code {"name", "factors": [{"name", "values"}],
 * "image": {"channels", "height", "width"}}}) used for the built-in CANDLE spec. Numbers stay
 * numbers (integral values as Integer, others as Double), strings stay strings.
 */
final class CandleSpecReader {
  private CandleSpecReader() {}

  /** A parsed spec. */
  record Spec(FactorSpace space, FactorDataset.ImageShape image) {}

  static Spec readResource(String resource) throws BadInputException {
    try (InputStream in = CandleSpecReader.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new BadInputException("classpath:" + resource + ": missing built-in spec");
      }
      return parse(new ObjectMapper().readTree(in), "classpath:" + resource);
    } catch (IOException e) {
      throw new BadInputException("classpath:" + resource + ": cannot read (" + e + ")", e);
    }
  }

  static Spec read(java.nio.file.Path file) throws BadInputException {
    JsonNode root;
    try {
      root = new ObjectMapper().readTree(file.toFile());
    } catch (IOException e) {
      String m = String.valueOf(e.getMessage());
      int nl = m.indexOf('\n');
      throw new BadInputException(
          file + ": cannot read spec JSON (" + (nl < 0 ? m : m.substring(0, nl)) + ")", e);
    }
    return parse(root, file.toString());
  }

  static Spec parse(JsonNode root, String source) throws BadInputException {
    JsonNode factors = root.path("factors");
    if (!factors.isArray() || factors.isEmpty()) {
      throw new BadInputException(source + ": missing \"factors\" array");
    }
    List<FactorSpace.Factor> list = new ArrayList<>();
    for (JsonNode f : factors) {
      List<Object> values = new ArrayList<>();
      for (JsonNode v : f.path("values")) {
        if (v.isTextual()) {
          values.add(v.asText());
        } else if (v.isIntegralNumber()) {
          values.add(v.intValue());
        } else if (v.isNumber()) {
          values.add(v.doubleValue());
        } else {
          throw new BadInputException(source + ": bad factor value " + v);
        }
      }
      list.add(new FactorSpace.Factor(f.path("name").asText(), values));
    }
    JsonNode img = root.path("image");
    try {
      FactorDataset.ImageShape shape =
          new FactorDataset.ImageShape(
              img.path("channels").asInt(), img.path("height").asInt(), img.path("width").asInt());
      return new Spec(new FactorSpace(root.path("name").asText(), list), shape);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(source + ": " + e.getMessage(), e);
    }
  }
}
