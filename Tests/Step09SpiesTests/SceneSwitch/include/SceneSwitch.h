#ifndef SCENE_SWITCH_H
#define SCENE_SWITCH_H

/// Which mistake or variant of the given scene this run has switched on: "mistake:ID",
/// "variant:ID", or "" for the scene as written. Read once, before main, from the variable
/// the runner sets; the variable is gone from the process's environment before any test runs.
const char *_Nonnull scene_switch(void);

#endif
