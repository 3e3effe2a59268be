// SlipwayKit is the one library others import: every capability module, and the wrappers of libgit2, libyaml
// and libcrypto below them, re-exported.
@_exported import SlipwayAppStoreConnect
@_exported import SlipwayConfig
@_exported import SlipwayCore
@_exported import SlipwayCrypto
@_exported import SlipwayDetection
@_exported import SlipwayGit
@_exported import SlipwayHistory
@_exported import SlipwayHooks
@_exported import SlipwayPipeline
@_exported import SlipwayProject
@_exported import SlipwayRelease
@_exported import SlipwaySpec
@_exported import SlipwayVersioning
@_exported import SlipwayYAML
