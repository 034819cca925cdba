/**
 * {@code candela bench ...}: benchmark commands that time library calls beside a baseline measured
 * in the same run. They call library APIs, never another command.
 */
package dev.candela.cli.bench;
