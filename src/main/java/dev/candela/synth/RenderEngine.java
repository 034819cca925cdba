package dev.candela.synth;

import java.util.Locale;

/** Blender's render engines that {@code render_candle.py} drives. */
public enum RenderEngine {
  /** Path tracing, the reference look. */
  CYCLES,
  /** The solid-shading viewport engine: fast, no samples. */
  WORKBENCH,
  /** The real-time engine (needs an OpenGL context). */
  EEVEE;

  /** The engine's name as Blender and the script spell it. */
  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT);
  }
}
