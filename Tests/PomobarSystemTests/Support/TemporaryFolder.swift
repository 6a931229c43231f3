import Foundation

/// A new folder of its own under the temporary directory (`pomobar-NAME-…`) for `body`,
/// removed after it.
func withTemporaryFolder<T>(_ name: String, _ body: (String) throws -> T) throws -> T {
  let root = NSTemporaryDirectory() + "pomobar-\(name)-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
  try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: root) }
  return try body(root)
}
