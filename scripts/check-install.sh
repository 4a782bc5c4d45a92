#!/usr/bin/env bash
# A clean `npm install` on the Node version README names (Node 20, which ships npm 10.8) and on the npm on PATH
# must leave package-lock.json unchanged and print no EBADENGINE warning (a dependency that needs a newer Node),
# and `npm ci` of both must accept the lockfile as in sync with package.json.
# Every dependency with an install script must be decided in package.json's `allowScripts` (npm 11 warns "install
# scripts not yet covered by allowScripts" otherwise, and npm 12 skips them): checked in the lockfile (its
# `hasInstallScript` entries) for every npm, and by npm 11's own warning on the lockfile-only install, which runs
# without --ignore-scripts for that (it installs nothing, so no dependency's script runs; the root has none).
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
echo "== package-lock.json: every install script is decided in package.json's allowScripts"
if ! node -e '
  const { readFileSync } = require("node:fs");
  const pkg = JSON.parse(readFileSync(process.argv[1], "utf8"));
  const lock = JSON.parse(readFileSync(process.argv[2], "utf8"));
  const decided = Object.keys(pkg.allowScripts ?? {}).map((key) => key.replace(/(.)@.*$/, "$1"));
  const undecided = Object.entries(lock.packages)
    .filter(([path, entry]) => path !== "" && entry.hasInstallScript)
    .map(([path, entry]) => `${entry.name ?? path.replace(/^.*node_modules\//, "")}@${entry.version}`)
    .filter((id) => !decided.includes(id.replace(/(.)@.*$/, "$1")));
  if (undecided.length > 0) {
    console.log(`not in allowScripts: ${undecided.join(", ")}`);
    process.exit(1);
  }
' "$root/package.json" "$root/package-lock.json"; then
  echo "FAIL: a dependency's install script is neither allowed nor denied: add it to allowScripts (README, \"Dependencies and the lockfile\")"
  status=1
fi
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
  if ! (cd "$dir" && "${npm[@]}" install --package-lock-only --no-audit --no-fund) >"$dir/log" 2>&1; then
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
  if grep -q 'not yet covered by allowScripts' "$dir/log"; then
    grep 'install-scripts' "$dir/log"
    echo "FAIL: $label warns about install scripts not covered by allowScripts in package.json"
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
[ "$status" = 0 ] && echo "== package-lock.json is stable, engine-clean and every install script is decided, with: $versions"
exit "$status"
