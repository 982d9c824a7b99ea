"""Classroom 50 autograder for the VIP kata, written by `kata class classroom50`.

Classroom 50's runner runs this with the learner's checkout as the working directory and the
submission's identity in the environment (CLASSROOM, ASSIGNMENT, SUBMISSION_TAG, COMMIT_URL,
RELEASE_URL, REVIEW_URL, OWNER). It builds kata from the kit beside this file (the public kata,
as the learner's template has it: no solutions, no hidden mistakes), grades the checkout's
Exercises/ against it, and writes ./result.json (classroom50/result/v1), a point per check.
Exit 0 when a grade was written; anything else is the runner's "error".
"""

import os
import pathlib
import subprocess
import sys

bundle = pathlib.Path(os.environ.get("CLASSROOM50_BUNDLE_DIR") or pathlib.Path(__file__).resolve().parent)
kit = bundle / "kit"


def main() -> int:
    if not (pathlib.Path.cwd() / "Exercises").is_dir():
        print("No Exercises/ folder in this repository: nothing to grade.", file=sys.stderr)
        return 66
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
    # A Classroom 50 job stops at 15 minutes, building kata and the steps included: the grade has a budget
    # inside that, so result.json is always written (KATA_GRADE_BUDGET, in seconds, to change it).
    budget = ["--budget", environment.get("KATA_GRADE_BUDGET", "600")]
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
