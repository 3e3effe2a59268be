#!/bin/sh
# Prints the Homebrew formula (Formula/slipway.rb) of one release: the released macOS universal binary and the Linux
# x86_64 one, each by URL and sha256, and --HEAD building main from source. The release workflow
# (.github/workflows/release.yml) runs it with the sha256 of the tarballs it built, attaches the result to the release
# and pushes it to the tap; after a release, commit its output as Formula/slipway.rb.
# The repository in the URLs is $GITHUB_REPOSITORY (set on GitHub's runners), else slipway/slipway.
# usage: scripts/update-formula.sh <version> <macos-sha256> <linux-sha256> > Formula/slipway.rb
set -eu

if [ $# -ne 3 ]; then
    echo "usage: scripts/update-formula.sh <version> <macos-sha256> <linux-sha256>" >&2
    exit 64
fi
version=$1 macos=$2 linux=$3
repository=${GITHUB_REPOSITORY:-slipway/slipway}

fail() {
    echo "update-formula: $*" >&2
    exit 65
}
# Semantic versions only: the version goes into URLs and Ruby strings.
echo "$version" | grep -Eq '^[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.-]+)?$' ||
    fail "'$version' is not a version such as 0.2.0"
for sha in "$macos" "$linux"; do
    echo "$sha" | grep -Eq '^[0-9a-f]{64}$' || fail "'$sha' is not a sha256 (64 lowercase hex digits)"
done
echo "$repository" | grep -Eq '^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$' || fail "'$repository' is not owner/name"

releases="https://github.com/$repository/releases/download/v$version"
cat <<EOF
# Homebrew formula for Slipway $version, written by scripts/update-formula.sh; edit the script, not this file.
#   brew install <tap>/slipway          the released binary (macOS universal, Linux x86_64)
#   brew install --HEAD <tap>/slipway   main, built from source with Swift and Homebrew's C libraries
class Slipway < Formula
  desc "Build and release automation for XcodeGen apps"
  homepage "https://github.com/$repository"
  version "$version"

  on_macos do
    url "$releases/slipway-$version-darwin-universal.tar.gz"
    sha256 "$macos"
  end

  on_linux do
    on_intel do
      url "$releases/slipway-$version-linux-x86_64.tar.gz"
      sha256 "$linux"
    end
  end

  head do
    url "https://github.com/$repository.git", branch: "main"

    depends_on "pkgconf" => :build
    depends_on xcode: ["16.0", :build]
    depends_on "libgit2"
    depends_on "libyaml"
    depends_on "openssl@3"
  end

  def install
    if build.head?
      system "swift", "build", "--disable-sandbox", "--configuration", "release"
      bin.install ".build/release/slipway"
    else
      # The release tarball: bin/slipway, with the C libraries and (on Linux) the Swift runtime linked in.
      bin.install "bin/slipway"
    end
  end

  test do
    assert_match(/\\A\\d+\\.\\d+\\.\\d+/, shell_output("#{bin}/slipway --version"))

    # A repository with a release tag and a docs commit after it: detect calls it no major change.
    system "git", "init", "--quiet", "--initial-branch=main"
    system "git", "config", "user.name", "Slipway Test"
    system "git", "config", "user.email", "test@example.invalid"
    (testpath/"project.yml").write <<~YAML
      name: App
      settings:
        base:
          MARKETING_VERSION: 1.0.0
          CURRENT_PROJECT_VERSION: 1
    YAML
    system "git", "add", "project.yml"
    system "git", "commit", "--quiet", "-m", "First"
    system "git", "tag", "v1.0.0"
    (testpath/"README.md").write "hello\\n"
    system "git", "add", "README.md"
    system "git", "commit", "--quiet", "-m", "Docs"
    output = shell_output("#{bin}/slipway detect --json")
    assert_match "\\"major\\":false", output
  end
end
EOF
