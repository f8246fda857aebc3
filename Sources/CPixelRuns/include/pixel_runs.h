// Runs of premultiplied ARGB32 pixels blended with AVX2 when the CPU has it (checked at run
// time, once): the reveal's veil is one blend per pixel of a 14 MB frame, and Swift's SIMD
// types compile for baseline x86-64 (SSE2, 8 pixels per two 128-bit halves). Only Swift's
// Bridges/PixelRuns.swift calls these; the pixels are plain 32-bit words.
#pragma once
#include <stddef.h>
#include <stdint.h>

/// 1 when the AVX2 functions below may be called on this CPU, else 0.
int lm_pixel_runs_avx2(void);

/// out[i] = lerp(source[i], color, level) on each 8-bit channel, rounded as
/// `(t + (t >> 8)) >> 8` with `t = p * (255 - level) + c * level + 128`: the same bits as
/// LogoMask's `lerpPixel`. `source` and `out` may be the same run; otherwise they must not
/// overlap. Call only when lm_pixel_runs_avx2() is 1.
void lm_lerp_run_avx2(const uint32_t *source, uint32_t *out, size_t count, uint32_t color, uint32_t level);
