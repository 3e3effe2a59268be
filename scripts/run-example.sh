#!/bin/sh
# The main job on the bundled example app: copy Examples/MyApp into a temporary git repository, make a few
# realistic commits, show what Slipway says about each, then cut a real release (build and test the NotesKit
# package, archive, commit, tag) and show its manifest; last, ask a local stand-in for App Store Connect
# (scripts/asc-test-server.py) for the highest TestFlight build number.
# usage: scripts/run-example.sh <slipway-binary>
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
slipway=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$(mktemp -d "${TMPDIR:-/tmp}/slipway-example.XXXXXX")
repo="$work/MyApp"
cp -R "$here/Examples/MyApp" "$repo"
rm -rf "$repo/Shared/.build"
cd "$repo"

# A repository of its own, so the host's git configuration and hooks play no part.
git init -q -b main .
git config user.name "MyApp Developer"
git config user.email "dev@example.com"
git config commit.gpgsign false
git config tag.gpgsign false

step() {
    if [ -t 1 ]; then printf '\n\033[1m== %s\033[0m\n' "$1"; else printf '\n== %s\n' "$1"; fi
}

commit() {
    git add -A
    git commit -q -m "$1"
    printf '$ git commit -m "%s"\n$ slipway detect\n' "$1"
    "$slipway" detect || true
}

step "1. The first commit: every file is new"
commit "Initial import of MyApp"
git tag -a v1.4.2 -m "MyApp 1.4.2"

step "2. A docs-only commit that asks to skip deployment"
printf '\nSee the wiki for the release checklist.\n' >> README.md
commit "docs: mention the release checklist [skip deploy]"

step "3. A small fix in the iOS app only: not a major change"
sed 's/Show pinned notes first/Pinned notes first/' iOS/SettingsView.swift > iOS/SettingsView.swift.new
mv iOS/SettingsView.swift.new iOS/SettingsView.swift
commit "Shorten the settings label"

step "4. A change to code every platform compiles (Shared/)"
cat >> Shared/Sources/NotesKit/NoteStore.swift <<'SWIFT'

extension NoteStore {
    /// The pinned notes alone, for the watch complication.
    public var pinned: [Note] { notes.filter(\.isPinned) }
}
SWIFT
commit "Add pinned notes accessor for the watch"

step "5. A new capability in the entitlements: a build-config change"
sed 's#<string>group.com.example.myapp</string>#<string>group.com.example.myapp</string>\n\t\t<string>group.com.example.shared</string>#' \
    iOS/MyApp.entitlements > iOS/MyApp.entitlements.new
mv iOS/MyApp.entitlements.new iOS/MyApp.entitlements
commit "Share notes with the widget through a second app group"

step "6. A tagged feature commit: [deploy] and a Conventional Commits type"
cat > iOS/ReminderView.swift <<'SWIFT'
import SwiftUI

struct ReminderView: View {
    @State private var date = Date()

    var body: some View {
        DatePicker("Remind me", selection: $date)
    }
}
SWIFT
commit "feat: remind me about a note [deploy]"

step "Every commit since the last release, one line each (newest first)"
printf '$ slipway detect --each v1.4.2..HEAD\n'
"$slipway" detect --each v1.4.2..HEAD

step "The whole push since v1.4.2, as CI sees it"
printf '$ slipway detect --base <sha of v1.4.2> --head HEAD\n'
"$slipway" detect --base "$(git rev-parse "v1.4.2^{commit}")" --head HEAD || true

step "7. The versions in project.yml: the iOS app and the watch app must agree"
printf '$ slipway version\n'
"$slipway" version

step "7b. The project as XcodeGen would generate it: targets, the NotesKit package both apps use, schemes"
printf '$ slipway project\n'
"$slipway" project

step "8. The release this push calls for, planned: versions, spec diff, stages, commit, tag (nothing changes)"
printf '$ slipway release --dry-run\n'
"$slipway" release --dry-run

step "8b. The same release to TestFlight, as it would run on a Mac (a clone whose .slipway.yml has 'ship:')"
testflight="$work/MyApp-testflight"
git clone -q "$repo" "$testflight"
(
    cd "$testflight"
    git config user.name "MyApp Developer"
    git config user.email "dev@example.com"
    git config commit.gpgsign false
    cat > .slipway.yml <<'YAML'
# No 'stages:': Slipway derives generate, build, test, archive, export and (after the push) upload from project.yml.
ship:
  method: app-store-connect
  groups: [QA]
YAML
    git commit -q -am "Ship to TestFlight"
    # shellcheck disable=SC2016 # the command is shown as typed, not run
    printf '$ APP_STORE_CONNECT_API_KEY_ID=... APP_STORE_CONNECT_API_ISSUER_ID=... APP_STORE_CONNECT_API_KEY="$(cat AuthKey.p8)" \\\n    slipway release --dry-run --major\n'
    APP_STORE_CONNECT_API_KEY_ID=2X9R4HXF34 APP_STORE_CONNECT_API_ISSUER_ID=57246542-96fe-1a63-e053-0824d011072a \
        APP_STORE_CONNECT_API_KEY="example key text, never printed" \
        "$slipway" release --dry-run --major
)

step "9. The release itself: bump, build and test NotesKit, archive, commit, tag, manifest"
printf '$ slipway release\n'
"$slipway" release

step "10. The release commit carries a trailer naming the release; the tag points at it"
printf '$ git log -2 --format=...\n'
git log -2 --format='%h%d %s%n%(trailers)'
release=$(git log -1 --format='%(trailers:key=Slipway-Release,valueonly)')
folder=".slipway/releases/$release"

step "11. The release manifest"
printf '$ cat %s/manifest.json\n' "$folder"
cat "$folder/manifest.json"

step "12. The artifacts check out against checksums.txt"
printf '$ shasum -a 256 -c %s/checksums.txt\n' "$folder"
shasum -a 256 -c "$folder/checksums.txt"

step "13. TestFlight: the highest build number App Store Connect has, from a local stand-in server"
# scripts/asc-test-server.py answers as App Store Connect does and checks each token's signature with openssl;
# the key is made here, for this run only.
keys="$work/asc"
mkdir -m 700 "$keys"
openssl ecparam -genkey -name prime256v1 -noout -out "$keys/ec.pem" 2>/dev/null
openssl pkcs8 -topk8 -nocrypt -in "$keys/ec.pem" -out "$keys/AuthKey_EXAMPLE123.p8"
openssl pkey -in "$keys/AuthKey_EXAMPLE123.p8" -pubout -out "$keys/public.pem"
issuer=69a6de70-03db-47e3-e053-5b8c7c11a4d1
python3 "$here/scripts/asc-test-server.py" --public-key "$keys/public.pem" --key-id EXAMPLE123 \
    --issuer "$issuer" --port-file "$keys/port" &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
tries=0
while [ ! -s "$keys/port" ] && [ "$tries" -lt 100 ]; do
    sleep 0.1
    tries=$((tries + 1))
done
printf '$ slipway testflight latest-build --bundle-id com.example.MyApp\n'
APP_STORE_CONNECT_API_KEY_ID=EXAMPLE123 APP_STORE_CONNECT_API_ISSUER_ID="$issuer" \
    APP_STORE_CONNECT_API_KEY_PATH="$keys/AuthKey_EXAMPLE123.p8" \
    SLIPWAY_ASC_API_URL="http://127.0.0.1:$(cat "$keys/port")" NO_PROXY=127.0.0.1 no_proxy=127.0.0.1 \
    "$slipway" testflight latest-build --bundle-id com.example.MyApp
kill "$server" 2>/dev/null || true

printf '\nThe example repository is at %s\n' "$repo"
