/** JSON and HTML reports and plots. */
package dev.candela.report;
