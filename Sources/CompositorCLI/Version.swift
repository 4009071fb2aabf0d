// CompositorCLI: the version `compositor --version` prints. Raise it with
// each release note; the scene format's own version is in the scene files.

enum CompositorVersion {
    /// Semantic version of the command line and library.
    static let number = "0.1.0"
}
