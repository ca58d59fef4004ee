#!/usr/bin/env bash
# Runs a command against a real Secret Service: a fresh HOME, a private D-Bus session and
# gnome-keyring unlocked with a throwaway password. Never a fake keychain.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
mkdir -p "$root/.tmp"
home="$(mktemp -d "$root/.tmp/keyring-home.XXXXXX")"
trap 'rm -rf "$home"' EXIT
export HOME="$home" XDG_DATA_HOME="$home/.local/share" XDG_CONFIG_HOME="$home/.config" XDG_CACHE_HOME="$home/.cache"
export XDG_RUNTIME_DIR="$home/run"
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
unset DISPLAY WAYLAND_DISPLAY
exec dbus-run-session -- bash -c 'printf %s throwaway | gnome-keyring-daemon --unlock --daemonize --components=secrets >/dev/null && exec "$@"' _ "$@"
