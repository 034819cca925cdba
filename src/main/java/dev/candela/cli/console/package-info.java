/**
 * What every command shares on the console and below the command tree: the base of the commands
 * that run ({@link dev.candela.cli.console.CliCommand}, its spec and writers), the exit codes, the
 * progress bars on standard error, and {@link dev.candela.cli.console.SettingFlags}, the table from
 * the settings that library messages name to the flags that set them. Imports nothing from {@code
 * cli} or {@code cli.bench}, so both can use it without a cycle.
 */
package dev.candela.cli.console;
