import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Another program than pomobar (python3, bash, fish, zsh, groff), run to its end with
/// its output in files, not pipes: no parallel test's child can hold a pipe of it open.
enum Tool {
  struct Result: CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String
    var description: String { "exit \(status)\nstdout:\n\(stdout)\nstderr:\n\(stderr)" }
  }

  /// The repository, found from this source file (Tests/PomobarSystemTests/Support/).
  static let repository: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { url.deleteLastPathComponent() }
    return url.path
  }()

  /// The path of `name` on PATH, if any.
  static func find(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let candidate = "\(folder)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  static func run(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
    directory: String? = nil
  ) throws -> Result {
    guard let path = executable.hasPrefix("/") ? executable : find(executable) else {
      throw HarnessError("\(executable) is not on PATH")
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pomobar-tool-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outURL = folder.appendingPathComponent("stdout")
    let errURL = folder.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = out
    process.standardError = err
    try process.run()
    process.waitUntilExit()
    try out.close()
    try err.close()
    return Result(
      status: process.terminationStatus,
      stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
      stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
  }
}
