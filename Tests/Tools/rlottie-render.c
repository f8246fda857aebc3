/* Renders frames of Lottie files with rlottie (the reference player of the Lottie tests).
 *
 * Reads jobs from standard input, one a line:
 *
 *   FILE.json WIDTH HEIGHT OUT_PREFIX FRAME...
 *
 * and writes OUT_PREFIX<FRAME>.bgra for each frame: WIDTH x HEIGHT pixels of premultiplied
 * native-endian ARGB32 (Cairo's layout), rows packed. For each job it prints
 * "ok FILE TOTAL_FRAMES FPS" or "error FILE WHY" on standard output. One process renders
 * every file a test needs. Paths must not contain spaces. A frame that takes rlottie over
 * 10 seconds ends the run with status 1, naming the file and the frame. */
#include <rlottie_capi.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char current[4200];

static void timed_out(int signal) {
    (void)signal;
    fputs(current, stdout);
    fflush(stdout);
    _exit(1);
}

static char *read_file(const char *path) {
    FILE *in = fopen(path, "rb");
    if (!in) return NULL;
    fseek(in, 0, SEEK_END);
    long size = ftell(in);
    fseek(in, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    if (text && fread(text, 1, (size_t)size, in) != (size_t)size) { free(text); text = NULL; }
    if (text) text[size] = 0;
    fclose(in);
    return text;
}

static void run(char *line) {
    char *save = NULL;
    char *file = strtok_r(line, " \t\r\n", &save);
    char *w = strtok_r(NULL, " \t\r\n", &save);
    char *h = strtok_r(NULL, " \t\r\n", &save);
    char *prefix = strtok_r(NULL, " \t\r\n", &save);
    if (!file) return;
    if (!w || !h || !prefix) { printf("error %s malformed job\n", file); return; }
    char *text = read_file(file);
    if (!text) { printf("error %s cannot read\n", file); return; }
    /* The key names the animation in rlottie's cache; each file name is unique. */
    Lottie_Animation *animation = lottie_animation_from_data(text, file, "");
    free(text);
    if (!animation) { printf("error %s rlottie could not load it\n", file); return; }
    size_t width = (size_t)atol(w), height = (size_t)atol(h);
    uint32_t *buffer = malloc(width * height * 4);
    if (!buffer) { printf("error %s out of memory\n", file); lottie_animation_destroy(animation); return; }
    for (char *f = strtok_r(NULL, " \t\r\n", &save); f; f = strtok_r(NULL, " \t\r\n", &save)) {
        size_t frame = (size_t)atol(f);
        memset(buffer, 0, width * height * 4);
        snprintf(current, sizeof current, "error %s rlottie took over 10 s on frame %zu\n", file, frame);
        alarm(10);
        lottie_animation_render(animation, frame, buffer, width, height, width * 4);
        alarm(0);
        char path[4096];
        snprintf(path, sizeof path, "%s%zu.bgra", prefix, frame);
        FILE *out = fopen(path, "wb");
        if (!out || fwrite(buffer, 4, width * height, out) != width * height) {
            printf("error %s cannot write %s\n", file, path);
            if (out) fclose(out);
            free(buffer);
            lottie_animation_destroy(animation);
            return;
        }
        fclose(out);
    }
    printf("ok %s %zu %g\n", file, lottie_animation_get_totalframe(animation), lottie_animation_get_framerate(animation));
    free(buffer);
    lottie_animation_destroy(animation);
}

int main(void) {
    static char line[65536];
    signal(SIGALRM, timed_out);
    while (fgets(line, sizeof line, stdin)) run(line);
    return 0;
}
