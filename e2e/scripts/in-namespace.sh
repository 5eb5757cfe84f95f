#!/bin/sh
# Runs a command (a Playwright suite) inside a network namespace of its own: loopback, plus a veth
# pair on 10.99.0.0/24 that WebRTC uses (Chromium and Janus never gather loopback candidates, so
# outside such a namespace the browsers' media would go to the machine's own address, which tests
# must never target). The host's PostgreSQL and Redis stay reachable at 127.0.0.1:5432 and :6379
# through scripts/namespace-bridge.mjs (unix sockets, loopback on the host side). The namespace,
# the pair and the bridges go away when the command ends. Needs root (unshare -n), as CI runs.
set -eu
folder=$(mktemp -d /tmp/incontra-netns-XXXXXX)
bridge=$(dirname "$0")/namespace-bridge.mjs
# Each bridge says "ready" once listening: read from a pipe, so the script waits for that word, not a time.
mkfifo "$folder/host-ready"
node "$bridge" host "$folder" > "$folder/host-ready" 2> "$folder/host-bridge.log" &
host_bridge=$!
trap 'kill "$host_bridge" 2>/dev/null; rm -rf "$folder"' EXIT INT TERM
read -r _ < "$folder/host-ready"
status=0
unshare -n sh -c '
  set -e
  folder=$1; bridge=$2; shift 2
  ip link set lo up
  ip link add v0 type veth peer name v1
  ip addr add 10.99.0.1/24 dev v0
  ip addr add 10.99.0.2/24 dev v1
  ip link set v0 up
  ip link set v1 up
  mkfifo "$folder/ns-ready"
  node "$bridge" ns "$folder" > "$folder/ns-ready" 2> "$folder/ns-bridge.log" &
  ns_bridge=$!
  read -r _ < "$folder/ns-ready"
  set +e
  "$@"
  status=$?
  kill "$ns_bridge" 2>/dev/null
  exit $status
' in-namespace "$folder" "$bridge" "$@" || status=$?
exit $status
