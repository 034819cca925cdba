/**
 * Opening a dataset by its path ({@link dev.candela.data.loading.DatasetPaths}): the one place that
 * knows every loader, of {@code data} and of {@code data.candle}, so neither of those imports the
 * other's dispatcher.
 */
package dev.candela.data.loading;
