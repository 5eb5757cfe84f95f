#!/bin/sh
# The webinar suites that carry media (e2e/media/), one engine a run: the API (PGlite), Chromium
# and — for `janus` — Janus, all inside the test network namespace (scripts/in-namespace.sh).
# Usage: media-namespace.sh mesh|janus [playwright arguments]
set -eu
cd "$(dirname "$0")/.."
engine="${1:-}"
case "$engine" in
  mesh | janus) shift ;;
  *) echo "usage: $0 mesh|janus [playwright arguments]" >&2; exit 2 ;;
esac
MEDIA_ENGINE="$engine" exec sh scripts/in-namespace.sh npx playwright test -c playwright.media.config.ts "$@"
