# Homebrew formula for Slipway, built from the repository's head (no release tarball yet):
#   brew install --HEAD ./Formula/slipway.rb
# or from a tap that holds this file. `brew test slipway` runs the test block below.
class Slipway < Formula
  desc "Build and release automation for XcodeGen apps"
  homepage "https://github.com/slipway/slipway"
  head "https://github.com/slipway/slipway.git", branch: "main"

  depends_on "pkgconf" => :build
  depends_on xcode: ["16.0", :build]
  depends_on "libgit2"
  depends_on "libyaml"
  depends_on "openssl@3"

  def install
    system "swift", "build", "--disable-sandbox", "--configuration", "release"
    bin.install ".build/release/slipway"
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
