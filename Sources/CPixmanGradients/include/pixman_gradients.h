// Gradient composites for pixman's callers in the logo-mask executable (and the library's test
// runner): pixman 0.42's own arithmetic for linear and radial gradients, done in one fused pass.
// See pixman_gradients.c for why and what is taken. Only Swift's Bridges/PixmanGradients.swift
// calls these.
#pragma once

/// Whether the composites are taken here (1) or all left to pixman (0). On by default when the
/// pixman loaded is a version whose arithmetic this file follows (0.42); `enabled` 1 turns it on
/// only then.
void lm_pixman_gradients_set_enabled(int enabled);

/// 1 when the composites are taken here.
int lm_pixman_gradients_enabled(void);

/// How many composite calls were taken here since the process started.
unsigned long lm_pixman_gradients_taken(void);
