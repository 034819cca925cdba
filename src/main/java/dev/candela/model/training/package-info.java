/**
 * Training of VAEs and factor classifiers in one loop ({@code TrainingLoop}) with a small step per
 * network (the VAE's batches and losses, the classifier's batches and head loss): the trainers and
 * their configuration, the objectives and their losses, checkpoints, and the training listeners,
 * monitor and log (as data; its figure is drawn in {@code report}).
 */
package dev.candela.model.training;
