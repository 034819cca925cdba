/**
 * What every command shares on the console and below the command tree: the exit codes and the
 * progress bars on standard error. Imports nothing from {@code cli} or {@code cli.bench}, so both
 * can use it without a cycle.
 */
package dev.candela.cli.console;
