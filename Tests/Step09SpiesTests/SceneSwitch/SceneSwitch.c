#include "SceneSwitch.h"

#include <stdlib.h>
#include <string.h>

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
