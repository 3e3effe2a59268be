# Homebrew formula for Slipway 0.1.0, written by scripts/update-formula.sh; edit the script, not this file.
#   brew install <tap>/slipway          the released binary (macOS universal, Linux x86_64)
#   brew install --HEAD <tap>/slipway   main, built from source with Swift and Homebrew's C libraries
class Slipway < Formula
  desc "Build and release automation for XcodeGen apps"
  homepage "https://github.com/slipway/slipway"
  version "0.1.0"

  on_macos do
    url "https://github.com/slipway/slipway/releases/download/v0.1.0/slipway-0.1.0-darwin-universal.tar.gz"
    sha256 "0000000000000000000000000000000000000000000000000000000000000000"
  end

  on_linux do
    on_intel do
      url "https://github.com/slipway/slipway/releases/download/v0.1.0/slipway-0.1.0-linux-x86_64.tar.gz"
      sha256 "0000000000000000000000000000000000000000000000000000000000000000"
    end
  end

  head do
    url "https://github.com/slipway/slipway.git", branch: "main"

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
    assert_match(/\A\d+\.\d+\.\d+/, shell_output("#{bin}/slipway --version"))

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
    (testpath/"README.md").write "hello\n"
    system "git", "add", "README.md"
    system "git", "commit", "--quiet", "-m", "Docs"
    output = shell_output("#{bin}/slipway detect --json")
    assert_match "\"major\":false", output
  end
end
