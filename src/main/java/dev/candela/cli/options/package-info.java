/**
 * Picocli mixins for the options several commands share ({@code --device}, {@code --seed}, {@code
 * --quiet}, {@code --dci-learner}, an output folder's {@code --out}, a dataset's {@code --dataset}
 * or positional path, the evaluation options of {@code evaluate} and {@code sweep}), so each is
 * declared once with one description, and the converters and parsers of option values.
 */
package dev.candela.cli.options;
