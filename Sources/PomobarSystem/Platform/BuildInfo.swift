import CLinux

/// What the binary knows of its own build.
public enum BuildInfo {
  /// The commit it was built from (`abc1234`, `abc1234-dirty`), or "unknown" when it was
  /// built without scripts/build-release.
  public static var commit: String { String(cString: pomobar_build_commit()) }
}
