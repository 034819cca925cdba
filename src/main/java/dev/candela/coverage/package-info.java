/**
 * The coverage study of the 95% intervals ({@code candela bench coverage}): repeated samples from a
 * generative model of codes, the empirical coverage of every metric's interval.
 */
package dev.candela.coverage;
