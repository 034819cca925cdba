package dev.candela;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Looks a constant up by the id it is typed as ({@code sklearn-gbt}, {@code tolerant}, {@code
 * ancestor}): the id in any case, surrounding blanks ignored. Most constants' ids are their names
 * in lower case with {@code -} for {@code _} ({@link #of}). A text that names no constant gets one
 * message shape, {@code unknown <what> '<text>' <choices>}, each caller keeping its own wording in
 * a {@link String#format} template whose first {@code %s} is the text as given and whose second is
 * the ids joined by {@code ", "}.
 */
public final class Ids {
  private Ids() {}

  /**
   * The id of a constant named in the usual way: its name in lower case with {@code -} for {@code
   * _} ({@code RANDOM_FOREST} is typed {@code random-forest}).
   *
   * @param constant the constant
   * @return its id
   */
  public static String of(Enum<?> constant) {
    return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /**
   * The constant whose id is the text, in any case ({@link String#equalsIgnoreCase}), surrounding
   * blanks ({@link String#trim}) ignored.
   *
   * @param values the constants, in the order they are tried
   * @param id how a constant is typed
   * @param text the text, or null (which names none)
   * @param <E> the kind of constant
   * @return the first constant with that id, or null when none has it
   */
  public static <E> E find(E[] values, Function<? super E, String> id, String text) {
    if (text == null) {
      return null;
    }
    String t = text.trim();
    for (E v : values) {
      if (id.apply(v).equalsIgnoreCase(t)) {
        return v;
      }
    }
    return null;
  }

  /**
   * The constant whose id is the text ({@link #find}).
   *
   * @param values the constants, in the order they are tried
   * @param id how a constant is typed
   * @param text the text, or null
   * @param template the message for an unknown text ({@link #unknown})
   * @param <E> the kind of constant
   * @return the constant
   * @throws IllegalArgumentException naming the text and the choices when no constant has the id
   */
  public static <E> E parse(
      E[] values, Function<? super E, String> id, String text, String template) {
    E v = find(values, id, text);
    if (v == null) {
      throw new IllegalArgumentException(unknown(template, text, values, id));
    }
    return v;
  }

  /**
   * The message for a text that names none of the constants.
   *
   * @param template a {@link String#format} template: the first {@code %s} is the text, the second
   *     (which may be left out) the ids joined by {@code ", "}, e.g. {@code "unknown CG read-out
   *     '%s' (choices: %s)"}
   * @param text the text as given
   * @param values the constants, in the order they are listed
   * @param id how a constant is typed
   * @param <E> the kind of constant
   * @return the message
   */
  public static <E> String unknown(
      String template, String text, E[] values, Function<? super E, String> id) {
    return String.format(
        template, text, Arrays.stream(values).map(id).collect(Collectors.joining(", ")));
  }
}
