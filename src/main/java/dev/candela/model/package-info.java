/**
 * Deep Java Library hosting of VAE encoders/decoders and factor classifiers. The only package (with
 * the counterfactual path) that touches DJL.
 */
package dev.candela.model;
