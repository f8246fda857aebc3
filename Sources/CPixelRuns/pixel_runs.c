// See include/pixel_runs.h. Compiled for baseline x86-64; the AVX2 body carries its own target
// attribute and is reached only after the CPU check.
#include "pixel_runs.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

int lm_pixel_runs_avx2(void) {
    static int answer = -1;
    int known = __atomic_load_n(&answer, __ATOMIC_RELAXED);
    if (known < 0) {
        __builtin_cpu_init();
        known = __builtin_cpu_supports("avx2") ? 1 : 0;
        __atomic_store_n(&answer, known, __ATOMIC_RELAXED);
    }
    return known;
}

static inline uint32_t lerp_pixel(uint32_t p, uint32_t q, uint32_t m) {
    uint32_t im = 255 - m;
    uint32_t rb = (p & 0x00FF00FFu) * im + (q & 0x00FF00FFu) * m + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t ag = ((p >> 8) & 0x00FF00FFu) * im + ((q >> 8) & 0x00FF00FFu) * m + 0x00800080u;
    ag = (ag + ((ag >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
    return rb | ag;
}

// Sixteen pixels a step (two registers of eight) in 16-bit lanes, each channel alone in its
// lane: no lane overflows, p * (255 - level) + c * level + 128 <= 255 * 255 + 128.
__attribute__((target("avx2")))
void lm_lerp_run_avx2(const uint32_t *source, uint32_t *out, size_t count, uint32_t color, uint32_t level) {
    const __m256i low = _mm256_set1_epi16(0x00FF);
    const __m256i inverse = _mm256_set1_epi16((short)(255 - level));
    const __m256i weight = _mm256_set1_epi16((short)level);
    const __m256i target = _mm256_set1_epi32((int)color);
    const __m256i half = _mm256_set1_epi16(0x0080);
    const __m256i addRB = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(target, low), weight), half);
    const __m256i addAG = _mm256_add_epi16(
        _mm256_mullo_epi16(_mm256_and_si256(_mm256_srli_epi16(target, 8), low), weight), half);
    size_t i = 0;
    for (; i + 16 <= count; i += 16) {
        __m256i p0 = _mm256_loadu_si256((const __m256i *)(source + i));
        __m256i p1 = _mm256_loadu_si256((const __m256i *)(source + i + 8));
        __m256i rb0 = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(p0, low), inverse), addRB);
        __m256i rb1 = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(p1, low), inverse), addRB);
        __m256i ag0 = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(p0, 8), inverse), addAG);
        __m256i ag1 = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(p1, 8), inverse), addAG);
        rb0 = _mm256_srli_epi16(_mm256_add_epi16(rb0, _mm256_srli_epi16(rb0, 8)), 8);
        rb1 = _mm256_srli_epi16(_mm256_add_epi16(rb1, _mm256_srli_epi16(rb1, 8)), 8);
        ag0 = _mm256_andnot_si256(low, _mm256_add_epi16(ag0, _mm256_srli_epi16(ag0, 8)));
        ag1 = _mm256_andnot_si256(low, _mm256_add_epi16(ag1, _mm256_srli_epi16(ag1, 8)));
        _mm256_storeu_si256((__m256i *)(out + i), _mm256_or_si256(rb0, ag0));
        _mm256_storeu_si256((__m256i *)(out + i + 8), _mm256_or_si256(rb1, ag1));
    }
    for (; i < count; i++) out[i] = lerp_pixel(source[i], color, level);
}

#else

int lm_pixel_runs_avx2(void) { return 0; }

void lm_lerp_run_avx2(const uint32_t *source, uint32_t *out, size_t count, uint32_t color, uint32_t level) {
    (void)source; (void)out; (void)count; (void)color; (void)level;
}

#endif
