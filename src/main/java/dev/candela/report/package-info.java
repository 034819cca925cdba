/**
 * Rendering of finished results: JSON reports, the evaluation's HTML page and PNG figures, the
 * comparison tables of many reports, and plain-text tables.
 */
package dev.candela.report;
