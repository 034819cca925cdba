/**
 * CANDLE: the factor space and id arithmetic of the CANDLE dataset, its folder loader ({@code
 * {id}.png} + {@code {id}.json}) and its per-sample metadata format.
 */
package dev.candela.data.candle;
