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
    if (strcmp(value, "none") != 0 && length < sizeof chosen) {
        strcpy(chosen, value);
    }
    unsetenv(variable);
    memset(entry, 0, sizeof variable + length);
}
