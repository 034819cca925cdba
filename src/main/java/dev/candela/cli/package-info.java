/** The picocli command line: {@code candela <command>}. */
package dev.candela.cli;
