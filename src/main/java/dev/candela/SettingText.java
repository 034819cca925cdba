package dev.candela;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * A one-line message that names settings: plain words and {@link Mention mentions} of {@link
 * Setting}s, in order. {@link #plain()} (and {@link #toString()}) reads in plain words, e.g. {@code
 * epochs must be > 0, got 0}; a command line renders each mention with the flag that sets it, e.g.
 * {@code --epochs must be > 0, got 0}, through {@link #render}. The settings are values, so
 * rephrasing the words around them changes nothing for the command line.
 *
 * <p>Immutable.
 */
public final class SettingText {

  /** How a mention names its setting in the sentence. */
  public enum Form {
    /** The setting itself: {@code epochs}. */
    NAME,
    /** A hint to give the setting: {@code set resume}. */
    SET,
    /** A hint to give the setting a value, which follows: {@code set SCM truth to}. */
    SET_TO,
    /** A hint to leave the setting out: {@code unset resume}. */
    UNSET,
    /** The setting was given: {@code resume is set}. */
    IS_SET
  }

  /** A part of a message: {@link Words} or a {@link Mention}. */
  public sealed interface Part permits Words, Mention {}

  /**
   * Plain words of a message.
   *
   * @param text the words, as printed
   */
  public record Words(String text) implements Part {
    /** Checks the text. */
    public Words {
      Objects.requireNonNull(text, "text");
    }
  }

  /**
   * A setting named in a message.
   *
   * @param setting the setting
   * @param form how the sentence names it
   */
  public record Mention(Setting setting, Form form) implements Part {
    /** Checks the parts. */
    public Mention {
      Objects.requireNonNull(setting, "setting");
      Objects.requireNonNull(form, "form");
    }

    /**
     * The mention in plain words.
     *
     * @return e.g. {@code epochs}, {@code set resume}, {@code set SCM truth to}, {@code unset
     *     resume}, {@code resume is set}
     */
    public String plain() {
      String w = setting.words();
      return switch (form) {
        case NAME -> w;
        case SET -> "set " + w;
        case SET_TO -> "set " + w + " to";
        case UNSET -> "unset " + w;
        case IS_SET -> w + " is set";
      };
    }
  }

  private final List<Part> parts;

  private SettingText(List<Part> parts) {
    this.parts = List.copyOf(parts);
  }

  /**
   * A message from its parts, in order: a {@link Setting} is a mention by {@link Form#NAME}, a
   * {@link Part} or another {@code SettingText} is taken as it is, anything else is words ({@code
   * String.valueOf}).
   *
   * @param parts e.g. {@code Setting.EPOCHS, " must be > 0, got ", 0}
   * @return the message
   */
  public static SettingText of(Object... parts) {
    List<Part> out = new ArrayList<>();
    StringBuilder words = new StringBuilder();
    for (Object p : parts) {
      if (p instanceof Setting s) {
        flush(words, out);
        out.add(new Mention(s, Form.NAME));
      } else if (p instanceof Mention m) {
        flush(words, out);
        out.add(m);
      } else if (p instanceof SettingText t) {
        for (Part q : t.parts) {
          if (q instanceof Words w) {
            words.append(w.text());
          } else {
            flush(words, out);
            out.add(q);
          }
        }
      } else if (p instanceof Words w) {
        words.append(w.text());
      } else {
        words.append(p);
      }
    }
    flush(words, out);
    return new SettingText(out);
  }

  private static void flush(StringBuilder words, List<Part> out) {
    if (words.length() > 0) {
      out.add(new Words(words.toString()));
      words.setLength(0);
    }
  }

  /**
   * A hint to give a setting, {@code set SETTING} in plain words.
   *
   * @param s the setting
   * @return the mention
   */
  public static Mention set(Setting s) {
    return new Mention(s, Form.SET);
  }

  /**
   * A hint to give a setting the value that follows, {@code set SETTING to} in plain words.
   *
   * @param s the setting
   * @return the mention
   */
  public static Mention setTo(Setting s) {
    return new Mention(s, Form.SET_TO);
  }

  /**
   * A hint to leave a setting out, {@code unset SETTING} in plain words.
   *
   * @param s the setting
   * @return the mention
   */
  public static Mention unset(Setting s) {
    return new Mention(s, Form.UNSET);
  }

  /**
   * The statement that a setting was given, {@code SETTING is set} in plain words.
   *
   * @param s the setting
   * @return the mention
   */
  public static Mention isSet(Setting s) {
    return new Mention(s, Form.IS_SET);
  }

  /**
   * The message's parts, in order; neighbouring words are joined.
   *
   * @return the parts
   */
  public List<Part> parts() {
    return parts;
  }

  /**
   * The first setting the message names: the one it is about.
   *
   * @return the setting, or null when the message names none
   */
  public Setting setting() {
    for (Part p : parts) {
      if (p instanceof Mention m) {
        return m.setting();
      }
    }
    return null;
  }

  /**
   * The settings the message names, in order (repeats kept).
   *
   * @return the settings
   */
  public List<Setting> settings() {
    List<Setting> out = new ArrayList<>();
    for (Part p : parts) {
      if (p instanceof Mention m) {
        out.add(m.setting());
      }
    }
    return out;
  }

  /**
   * The message with a text replaced in its words (a folder's name, say); the mentions stay.
   *
   * @param from the text replaced
   * @param to its replacement
   * @return the message
   */
  public SettingText replaceInWords(String from, String to) {
    List<Part> out = new ArrayList<>();
    for (Part p : parts) {
      out.add(p instanceof Words w ? new Words(w.text().replace(from, to)) : p);
    }
    return new SettingText(out);
  }

  /**
   * The message with each mention written by a function, the words as they are.
   *
   * @param mention writes a mention, e.g. as a flag
   * @return the line
   */
  public String render(Function<Mention, String> mention) {
    StringBuilder b = new StringBuilder();
    for (Part p : parts) {
      b.append(p instanceof Words w ? w.text() : mention.apply((Mention) p));
    }
    return b.toString();
  }

  /**
   * The message in plain words, each mention by {@link Mention#plain()}.
   *
   * @return e.g. {@code epochs must be > 0, got 0}
   */
  public String plain() {
    return render(Mention::plain);
  }

  /**
   * The message in plain words.
   *
   * @return {@link #plain()}
   */
  @Override
  public String toString() {
    return plain();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SettingText t && t.parts.equals(parts);
  }

  @Override
  public int hashCode() {
    return parts.hashCode();
  }
}
