#!/usr/bin/env bash
# The Debian packages Lectern's optional parts and the test suite use, in one place: `.ci/run`
# runs this, and so can a developer (`sudo scripts/install-system-packages.sh`). With a group
# name only that group is installed: `speech` (what a user needs for audio), `browser`,
# `test-model`, `mbrola` (the audio bench's MBROLA voices, not needed by the tests); with none,
# everything the tests need. Idempotent: apt-get install is a no-op for what is already there.
set -euo pipefail

speech=(
  pocketsphinx        # the pocketsphinx-en recogniser (pocketsphinx_batch)
  pocketsphinx-en-us  # ... and its US English acoustic model and dictionary
  pulseaudio-utils    # parec (microphone capture), pactl (device list)
  alsa-utils          # arecord: capture and device listing where PulseAudio is absent
  espeak-ng           # spells out course words cmudict lacks ("secant"); also the tests' synthetic speech
  sphinxtrain         # bw and mllr_solve: adapts pocketsphinx to each class's speaker (MLLR)
  sphinxbase-utils    # ... sphinx_fe, the feature extraction those tools read; sphinx_lm_convert (binary course models)
)
speech_tests=(
  sox                 # the tests' espeak-ng speech, resampled deterministically (sox -D)
  pulseaudio          # the microphone test: a private server with a null sink
)
browser=(
  chromium            # the web workspace's browser tests (playwright-core drives /usr/bin/chromium)
  fonts-wqy-microhei  # CJK glyphs, so the workspace's Chinese UI shows in those tests' screenshots
)
test_model=(
  python3             # scripts/make-tiny-gguf.py writes the tiny test GGUF for the local-model tests
  python3-numpy       # ... with numpy
  git                 # ... from gguf-py, cloned out of the llama.cpp git bundle node-llama-cpp ships
)
# espeak-ng's MBROLA voices (mb-us1, ...): diphones of recorded speech, closer to a lecturer than
# espeak-ng's own formant voices; the audio bench measures the recogniser with them. Debian has
# them in contrib (mbrola) and non-free (the voices), never on the tests' path.
mbrola=(
  mbrola mbrola-us1 mbrola-us2 mbrola-us3 mbrola-en1
)

# Debian's contrib and non-free components, for the mbrola group, when apt does not list them yet.
# The new source uses the archive (mirror, proxy) and suite of the system's own Debian source.
enable_debian_contrib() {
  if apt-cache policy mbrola-us2 2>/dev/null | grep -q 'Candidate: [0-9]'; then return; fi
  . /etc/os-release
  if [ "${ID:-}" != debian ]; then
    echo "mbrola-us2 is not in apt's sources: enable the component that has it (Ubuntu: multiverse)" >&2
    exit 69
  fi
  "$(dirname "${BASH_SOURCE[0]}")/apt-contrib-source.sh" "${VERSION_CODENAME:-}" >/dev/null
  apt-get update -qq
}

case "${1:-all}" in
  speech) packages=("${speech[@]}") ;;
  browser) packages=("${browser[@]}" espeak-ng) ;;
  test-model) packages=("${test_model[@]}") ;;
  mbrola) packages=("${mbrola[@]}" espeak-ng) ;;
  all) packages=("${speech[@]}" "${speech_tests[@]}" "${browser[@]}" "${test_model[@]}") ;;
  *) echo "usage: $0 [speech|browser|test-model|mbrola|all]" >&2; exit 64 ;;
esac

apt-get update -qq
if [ "${1:-all}" = mbrola ]; then enable_debian_contrib; fi
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
