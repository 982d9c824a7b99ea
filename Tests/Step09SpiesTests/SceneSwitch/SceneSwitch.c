#include "SceneSwitch.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// The runner passes the switch in this variable for every run of a learner's suites, the
// scene's own run included ("none"), so its presence says nothing.
static const char variable[] = "KATA_SCENE_SWITCH";

static char chosen[256];

const char *scene_switch(void) { return chosen; }

// Runs before main, so before any code of the learner's suites can run: copies the switch,
// takes the variable out of the environment, and blanks its text where the process was handed
// it (where /proc/self/environ reads it from), so no later reading of the environment finds it.
__attribute__((constructor)) static void take_the_switch(void) {
    char *value = getenv(variable);
    if (value == NULL) {
        // An exit test's own process (Swift Testing marks it), started by a run of the suites that
        // took the switch: it cannot know the run's mistake, so it runs no scene at all, and ends
        // the same way in every run, so that an exit test can tell runs apart by nothing.
        if (getenv("SWT_EXIT_TEST_ID") != NULL && getenv("KATA_SUITES_RUN") != NULL) {
            static const char refusal[] =
                "kata: an exit test runs the scene in a process of its own, which cannot know the run's "
                "mistake; the suites of this step test the scene in their own process.\n";
            (void)!write(2, refusal, sizeof refusal - 1);
            _exit(70);
        }
        return;
    }
    char *entry = value - (sizeof variable);
    size_t length = strlen(value);
    // Every value comes padded with dots to one length, so the blank below is the same size
    // in every run; the padding is not part of the switch.
    size_t used = length;
    while (used > 0 && value[used - 1] == '.') {
        used--;
    }
    if (!(used == 4 && strncmp(value, "none", 4) == 0) && used < sizeof chosen) {
        memcpy(chosen, value, used);
        chosen[used] = '\0';
    }
    unsetenv(variable);
    memset(entry, 0, sizeof variable + length);
}
