// measure-process: runs one command and prints, on one line to standard output,
//   EXIT WALL_SECONDS CPU_SECONDS PEAK_KIB
// (EXIT is the command's exit status, or 128 + the signal that ended it; CPU is user + system
// of the command and everything it waited for; PEAK is its ru_maxrss).
//
// Why not Python's subprocess and os.wait4: a child created by a process inherits that
// process's peak resident set as the floor of its own ru_maxrss (Linux carries the high-water
// mark across fork and exec), so every command timed from a 20 MB Python interpreter reported
// at least 20 MB. This launcher is ~1 MB, which is below anything it measures.
//
// Usage: measure-process TIMEOUT_SECONDS COMMAND [ARGUMENT...]
// The command's standard input and output are /dev/null, its standard error the launcher's.
// On timeout the command's process group is killed (EXIT 137).
// Compiled on first use by Benchmarks/compare.py and scripts/startup-timing.py.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static pid_t child;

static void on_alarm(int signal_number) {
    (void)signal_number;
    if (child > 0) kill(-child, SIGKILL);
}

static double seconds(const struct timeval *value) {
    return (double)value->tv_sec + (double)value->tv_usec / 1e6;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: measure-process TIMEOUT_SECONDS COMMAND [ARGUMENT...]\n");
        return 64;
    }
    unsigned timeout = (unsigned)strtoul(argv[1], NULL, 10);
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    child = fork();
    if (child < 0) {
        perror("measure-process: fork");
        return 71;
    }
    if (child == 0) {
        setpgid(0, 0);
        int null = open("/dev/null", O_RDWR);
        if (null >= 0) {
            dup2(null, 0);
            dup2(null, 1);
        }
        execvp(argv[2], argv + 2);
        perror("measure-process: exec");
        _exit(127);
    }
    setpgid(child, child);
    signal(SIGALRM, on_alarm);
    if (timeout > 0) alarm(timeout);
    int status = 0;
    struct rusage usage;
    while (wait4(child, &status, 0, &usage) < 0) {
        if (errno != EINTR) {
            perror("measure-process: wait4");
            return 71;
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    double wall = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
    printf("%d %.6f %.6f %ld\n", code, wall, seconds(&usage.ru_utime) + seconds(&usage.ru_stime), usage.ru_maxrss);
    return 0;
}
