package dev.candela;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** Indented JSON documents written atomically ({@link AtomicFiles}). */
public final class JsonFiles {
  private static final ObjectMapper INDENTED =
      new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

  private JsonFiles() {}

  /**
   * Writes a document as indented JSON (Jackson's default pretty printer), atomically.
   *
   * @param file the file
   * @param doc the document (maps, lists, records, numbers)
   * @param trailingNewline whether a newline follows the closing brace
   * @throws IOException when the document cannot be serialised or the file cannot be written
   */
  public static void writeIndented(Path file, Object doc, boolean trailingNewline)
      throws IOException {
    byte[] body = INDENTED.writeValueAsBytes(doc);
    if (trailingNewline) {
      AtomicFiles.writeString(file, new String(body, StandardCharsets.UTF_8) + "\n");
    } else {
      AtomicFiles.writeBytes(file, body);
    }
  }
}
