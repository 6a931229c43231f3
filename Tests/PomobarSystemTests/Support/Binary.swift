import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Where the built `pomobar` executable is.
///
/// `swift test` builds every product into one folder (`.build/debug`, or
/// `<scratch-path>/debug`), and the test runner itself lives there too
/// (`pomobarPackageTests.xctest`), so the binary is found next to the running test process,
/// whatever scratch path is in use. `POMOBAR_BINARY` overrides it (e.g. to test a release build).
enum PomobarBinary {
  static let path: String = locate()

  static var url: URL { URL(fileURLWithPath: path) }

  private static func locate() -> String {
    if let given = ProcessInfo.processInfo.environment["POMOBAR_BINARY"], !given.isEmpty {
      return given
    }
    var candidates: [String] = []
    // The running test process: /proc/self/exe, then argv[0] and Foundation's view of it.
    if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      candidates.append(folder(of: exe))
    }
    if let first = CommandLine.arguments.first { candidates.append(folder(of: absolute(first))) }
    candidates.append(Bundle.main.bundleURL.path)
    candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().path)
    // Last resort: the package's own build folders, found from this source file.
    var root = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { root.deleteLastPathComponent() }
    for scratch in [".build-sys", ".build"] {
      candidates.append(root.appendingPathComponent(scratch).appendingPathComponent("debug").path)
    }
    for folder in candidates {
      let path = folder + "/pomobar"
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
        FileManager.default.isExecutableFile(atPath: path)
      {
        return path
      }
    }
    return (candidates.first ?? ".") + "/pomobar"  // the launch then fails with a clear path
  }

  private static func folder(of path: String) -> String {
    (path as NSString).deletingLastPathComponent
  }

  private static func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
  }
}
