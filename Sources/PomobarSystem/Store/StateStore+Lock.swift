extension StateStore {
  /// Runs `body` under the state lock, creating the state folder if needed: every writer
  /// of the state and of the history holds it, so a running bar's transition never
  /// interleaves with an edit, a track or an import.
  public func whileLocked<T>(timeout: Duration = .seconds(10), _ body: () throws -> T) throws -> T {
    try FileSystem.makeDirectories(directory)
    return try FileLock.withExclusive(folder.lock, timeout: timeout, body)
  }
}
