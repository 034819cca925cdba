/**
 * Training of VAEs and factor classifiers: the trainers and their configuration, the objectives and
 * their losses, checkpoints, and the training listeners, monitor and logs.
 */
package dev.candela.model.training;
