"""Classroom 50 autograder for the VIP kata, written by `kata class classroom50`.

Classroom 50's runner runs this with the learner's checkout as the working directory and the
submission's identity in the environment (CLASSROOM, ASSIGNMENT, SUBMISSION_TAG, COMMIT_URL,
RELEASE_URL, REVIEW_URL, OWNER). It first checks, one line each, what the grade job and the grade
need; then it builds kata from the kit beside this file (the public kata, as the learner's template
has it: no solutions, no hidden mistakes), grades the checkout's Exercises/ against it, and writes
./result.json (classroom50/result/v1), a point per check. Exit 0 when a grade was written;
anything else is the runner's "error".
"""

import os
import pathlib
import re
import shutil
import subprocess
import sys
import time

started = time.monotonic()
bundle = pathlib.Path(os.environ.get("CLASSROOM50_BUNDLE_DIR") or pathlib.Path(__file__).resolve().parent)
kit = bundle / "kit"
# Classroom 50 stops the grade job at 15 minutes, its checkout, setup and Release included: this script
# takes at most this many seconds (building kata, then the grade's budget), so result.json is always
# written in time. KATA_AUTOGRADER_SECONDS changes it, KATA_GRADE_BUDGET fixes the grade's own part.
seconds = float(os.environ.get("KATA_AUTOGRADER_SECONDS") or 660)
userns_switch = pathlib.Path("/proc/sys/kernel/apparmor_restrict_unprivileged_userns")


def say(line):
    print(line, flush=True)


def version_of(command):
    """The first line a program prints about its version, or None when it cannot run."""
    try:
        out = subprocess.run(command, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return None
    lines = (out.stdout + out.stderr).strip().splitlines()
    return (lines[0].split(" (")[0][:80] if lines else "present") if out.returncode == 0 else None


def swift_needed():
    """The Swift the kit's manifest asks for (its swift-tools-version), as (major, minor)."""
    manifest = kit / "Package.swift"
    text = manifest.read_text(encoding="utf-8", errors="replace") if manifest.is_file() else ""
    found = re.search(r"swift-tools-version:\s*(\d+)\.(\d+)", text)
    return (int(found.group(1)), int(found.group(2))) if found else (6, 0)


def lift_namespace_restriction():
    """Ubuntu 24.04 (GitHub's runner) lets no unprivileged program make a user namespace, which bubblewrap needs;
    on a runner, with password-less sudo, lift that for this throwaway machine. Returns a line, or None."""
    try:
        restricted = userns_switch.read_text().strip() == "1"
    except OSError:
        return None
    if not restricted or os.geteuid() == 0:
        return None
    lift = ["sudo", "-n", "sysctl", "-q", "-w", "kernel.apparmor_restrict_unprivileged_userns=0"]
    if shutil.which("sudo") and subprocess.run(lift, capture_output=True).returncode == 0:
        return "ok    user namespaces: Ubuntu's AppArmor restriction lifted on this runner, so bubblewrap can isolate"
    return ("warn  user namespaces: restricted by Ubuntu's AppArmor and no sudo to lift it; bubblewrap cannot isolate "
            "(sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0)")


def requirements():
    """One line per requirement; returns whether the grade can go on."""
    ready = True
    say("What this grade needs:")
    needed = swift_needed()
    swift = version_of(["swift", "--version"])
    found = re.search(r"Swift version (\d+)\.(\d+)(\.\d+)?", swift or "")
    if not found:
        say("MISSING swift: not on PATH. GitHub's ubuntu-24.04 runner has it; a container image must have Swift "
            f"{needed[0]}.{needed[1]} or later")
        ready = False
    elif (int(found.group(1)), int(found.group(2))) < needed:
        say(f"MISSING swift {needed[0]}.{needed[1]} or later: this runtime has {found.group(0)}")
        ready = False
    else:
        say(f"ok    swift: {found.group(0)[len('Swift version '):]} (the kit needs {needed[0]}.{needed[1]} or later)")
    for program, why in [
        ("git", "reads the commit graded"),
        ("curl", "Classroom 50's grade job fetches its runner with it"),
        ("gh", "Classroom 50's grade job posts the grade and publishes the Release with it, after this script"),
    ]:
        line = version_of([program, "--version"])
        if line is None:
            say(f"MISSING {program}: {why}; GitHub's ubuntu-24.04 runner has it, or add it to the image")
            ready = False
        else:
            say(f"ok    {program}: {line}")
    say(f"ok    python3: {sys.version.split()[0]}")
    lifted = lift_namespace_restriction()
    if lifted:
        say(lifted)
    unisolated = os.environ.get("KATA_ALLOW_UNISOLATED") == "1"
    if shutil.which("bwrap"):
        say(f"ok    bubblewrap: {version_of(['bwrap', '--version'])}")
    elif os.geteuid() == 0:
        say("ok    bubblewrap: absent; as root, kata isolates learner code as a user of its own")
    elif unisolated:
        say("warn  bubblewrap: absent, and KATA_ALLOW_UNISOLATED=1: learner code runs with the grader's rights")
    else:
        say("MISSING bubblewrap: learner code must run isolated; add the apt package bubblewrap to the runtime")
        ready = False
    return ready


def main() -> int:
    if not (pathlib.Path.cwd() / "Exercises").is_dir():
        print("No Exercises/ folder in this repository: nothing to grade.", file=sys.stderr)
        return 66
    if not requirements():
        print("This runtime cannot grade the kata: see the MISSING lines above.", file=sys.stderr)
        return 69
    build = subprocess.run(["swift", "build", "--package-path", str(kit), "--product", "kata"])
    if build.returncode != 0:
        return 69
    # Where SwiftPM put it, as it says: the native build system and Swift Build use different folders.
    products = subprocess.run(
        ["swift", "build", "--package-path", str(kit), "--show-bin-path"], capture_output=True, text=True
    )
    kata = os.environ.get("KATA") or str(pathlib.Path(products.stdout.strip().splitlines()[-1]) / "kata")
    environment = dict(os.environ)
    environment.setdefault("KATA_GRADE_FOLDER", str(bundle / "grading"))
    # Learner code runs isolated (bubblewrap, or a user of its own), or the grade is refused, unless
    # KATA_ALLOW_UNISOLATED=1.
    isolation = [] if environment.get("KATA_ALLOW_UNISOLATED") == "1" else ["--require-isolation"]
    left = int(seconds - (time.monotonic() - started))
    budget = ["--budget", environment.get("KATA_GRADE_BUDGET") or str(max(left, 60))]
    grade = subprocess.run(
        [kata, "grade", "--kit", str(kit), "--classroom50", "result.json", "--allow-review"] + isolation + budget,
        env=environment,
    )
    if grade.returncode != 0 or not pathlib.Path("result.json").is_file():
        return grade.returncode or 1
    # What the bundle leaves to the instructor (step 9, the comparison with the reference) is said in result.json,
    # where the learner reads the grade: the runner writes its own summary over any an autograder gives.
    return 0


if __name__ == "__main__":
    sys.exit(main())
