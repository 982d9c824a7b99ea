#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image (Ubuntu 22.04,
# its default). It installs a released Swift toolchain from swift.org, builds kata from the
# kit in source/kit, and grades the starters once, so that a submission's grade rebuilds
# only what the learner changed. Written by `kata class gradescope`.
set -euo pipefail

SWIFT_VERSION="SWIFT-VERSION"
root=${AUTOGRADER_ROOT:-/autograder}

if ! command -v swift >/dev/null 2>&1; then
    apt-get update
    apt-get install -y --no-install-recommends ca-certificates curl binutils git gnupg2 libc6-dev \
        libcurl4-openssl-dev libedit2 libgcc-11-dev libpython3-dev libsqlite3-0 libstdc++-11-dev \
        libxml2-dev libz3-dev pkg-config tzdata zlib1g-dev
    . /etc/os-release
    suffix=""
    [ "$(uname -m)" = "aarch64" ] && suffix="-aarch64"
    platform="ubuntu${VERSION_ID}"
    folder="${platform//./}${suffix}"
    url="https://download.swift.org/swift-${SWIFT_VERSION}-release/${folder}/swift-${SWIFT_VERSION}-RELEASE/swift-${SWIFT_VERSION}-RELEASE-${platform}${suffix}.tar.gz"
    curl -fsSL "$url" -o /tmp/swift.tar.gz
    tar -xzf /tmp/swift.tar.gz --directory / --strip-components=1
    rm /tmp/swift.tar.gz
fi

# bubblewrap runs each submission's code in a sandbox of its own (or, where the container refuses
# namespaces, kata runs it as a user of its own): see the README's "What the grade can prove".
if ! command -v bwrap >/dev/null 2>&1; then
    apt-get update
    apt-get install -y --no-install-recommends bubblewrap
fi

swift build --package-path "$root/source/kit" --product kata
starters=$(mktemp -d)
cp -R "$root/source/kit/Exercises" "$starters/Exercises"
kata="$(swift build --package-path "$root/source/kit" --show-bin-path)/kata"
(cd "$starters" && KATA_GRADE_FOLDER="${KATA_GRADE_FOLDER:-$root/grading}" "$kata" grade \
    --kit "$root/source/kit" --allow-review >/dev/null) || true
rm -rf "$starters"
