/** Procedural dataset generators: dSprites-format, CANDLE-format and the confounded toy set. */
package dev.candela.synth;
