#!/bin/sh
# The webinar suites that carry media (e2e/media/), run with the API (PGlite), Chromium and — for
# `janus` — Janus together inside a network namespace of their own: loopback plus a veth pair on
# 10.99.0.0/24. WebRTC never uses loopback candidates (Chromium's nor Janus'), so outside such a
# namespace their media would go to the machine's own address, which tests must never target.
# The namespace, and the pair with it, go away when the suite's process ends. Needs root
# (unshare -n), as CI runs. Usage: media-namespace.sh mesh|janus [playwright arguments]
set -eu
cd "$(dirname "$0")/.."
engine="${1:-}"
case "$engine" in
  mesh | janus) shift ;;
  *) echo "usage: $0 mesh|janus [playwright arguments]" >&2; exit 2 ;;
esac
export MEDIA_ENGINE="$engine"
exec unshare -n sh -c '
  ip link set lo up
  ip link add v0 type veth peer name v1
  ip addr add 10.99.0.1/24 dev v0
  ip addr add 10.99.0.2/24 dev v1
  ip link set v0 up
  ip link set v1 up
  exec npx playwright test -c playwright.media.config.ts "$@"
' media-namespace "$@"
