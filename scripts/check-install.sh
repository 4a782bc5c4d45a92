#!/usr/bin/env bash
# A clean `npm install` on the Node version README names (Node 20, which ships npm 10.8) and on the npm on PATH
# must leave package-lock.json unchanged and print no EBADENGINE warning (a dependency that needs a newer Node),
# and `npm ci` of both must accept the lockfile as in sync with package.json.
# Resolves the lockfile only (--package-lock-only, ci --dry-run: no download of packages, a few seconds each), in
# temporary copies of package.json + package-lock.json. Exit 1 with the diff or the messages when an npm disagrees.
#   bash scripts/check-install.sh            # npm 10.8.2 (Node 20's) and the npm on PATH
#   NPM_VERSIONS="10.8.2 11.6.2" bash scripts/check-install.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
versions="${NPM_VERSIONS:-10.8.2 path}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

status=0
for version in $versions; do
  dir="$work/$version"
  mkdir -p "$dir" "$dir/ci"
  cp "$root/package.json" "$root/package-lock.json" "$dir/"
  cp "$root/package.json" "$root/package-lock.json" "$dir/ci/"
  if [ "$version" = path ]; then
    npm=(npm)
    label="npm $(npm --version 2>/dev/null) (on PATH)"
  else
    npm=(npx -y "npm@$version")
    label="npm $version"
  fi
  echo "== $label: npm install --package-lock-only"
  if ! (cd "$dir" && "${npm[@]}" install --package-lock-only --ignore-scripts --no-audit --no-fund) >"$dir/log" 2>&1; then
    cat "$dir/log"
    echo "FAIL: $label could not install"
    status=1
    continue
  fi
  if grep -q EBADENGINE "$dir/log"; then
    grep -A3 'EBADENGINE.*package' "$dir/log" || grep EBADENGINE "$dir/log"
    echo "FAIL: $label warns EBADENGINE: a dependency needs another Node version than package.json's engines"
    status=1
  fi
  if ! diff -u "$root/package-lock.json" "$dir/package-lock.json" >"$dir/diff"; then
    head -60 "$dir/diff"
    echo "FAIL: $label rewrites package-lock.json (regenerate it with npm 10.8.2 and check it with both npms)"
    status=1
  fi
  echo "== $label: npm ci --dry-run"
  if ! (cd "$dir/ci" && "${npm[@]}" ci --dry-run --ignore-scripts --no-audit --no-fund) >"$dir/ci.log" 2>&1; then
    grep -v 'Unknown user config' "$dir/ci.log" | head -30
    echo "FAIL: $label ci refuses package-lock.json"
    status=1
  fi
done
[ "$status" = 0 ] && echo "== package-lock.json is stable and engine-clean with: $versions"
exit "$status"
