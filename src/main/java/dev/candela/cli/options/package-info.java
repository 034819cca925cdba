/**
 * Picocli mixins for the options many commands share ({@code --device}, {@code --seed}, {@code
 * --quiet}), so each is declared once with one description.
 */
package dev.candela.cli.options;
