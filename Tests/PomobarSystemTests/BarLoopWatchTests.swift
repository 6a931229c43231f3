import Foundation
import PomobarCore
import Testing

@testable import PomobarSystem

/// What the bar's watch on the state folder makes of a write: another copy's is read
/// back, the bar's own is not, nor taken for a change that might let a save succeed.
@Suite struct BarLoopWatchTests {
  /// A bar's loop on a state folder in `root`, and its watch on that folder.
  private func watchedLoop(in root: String, clock: ManualClock) throws -> (StateStore, BarLoop, FileWatcher) {
    let store = StateStore(directory: root + "/state", clock: clock, warn: { _ in })
    let loop = try BarLoop(
      store: store,
      configSource: ConfigSource(path: root + "/config.toml", environment: Environment { _ in nil }),
      config: Config(), encoder: PlainEncoder(), input: .none, warnings: Warnings(sink: { _ in }))
    var watcher = try FileWatcher()
    #expect(loop.watchState(&watcher) == [])
    return (store, loop, watcher)
  }

  @Test func theBarsOwnWriteWakesNothingAnotherCopysIsReadBack() throws {
    try withTemporaryFolder("watch") { root in
      let clock = ManualClock()
      let (store, loop, folderWatch) = try watchedLoop(in: root, clock: clock)
      var watcher = folderWatch

      // The bar commits a click: the file it leaves is the one it remembers.
      _ = try store.transact(TransitionRequest([.action(.toggle)], settings: TimerSettings())) { _, _ in }
      loop.ownWrite = FileIdentity.of(store.statePath)
      #expect(loop.handle(watcher.drain(), &watcher) == [])

      // Another copy (`pomobar ctl toggle`) writes it: read back, once.
      clock.advance(1)
      _ = try store.transact(TransitionRequest([.action(.toggle)], settings: TimerSettings())) { _, _ in }
      #expect(
        loop.handle(watcher.drain(), &watcher) == [
          .stateRead(store.peek(), fileExists: true), .stateFolderChanged,
        ])
    }
  }

  /// Another copy writes its next state beside the file (`state.json.tmp`), fsyncs it and
  /// renames it into place: nothing wakes the bar before the rename, which wakes it once.
  @Test func anotherCopysTemporaryFileWakesNothingItsRenameOnce() throws {
    try withTemporaryFolder("watch") { root in
      let (store, loop, folderWatch) = try watchedLoop(in: root, clock: ManualClock())
      var watcher = folderWatch

      _ = try store.transact(TransitionRequest([.action(.toggle)], settings: TimerSettings())) { _, _ in }
      _ = loop.handle(watcher.drain(), &watcher)

      var beforeRename: [String]?
      _ = try store.transact(TransitionRequest([.action(.toggle)], settings: TimerSettings())) { _, _ in
        // Written and fsynced, not renamed yet.
        beforeRename = watcher.drain().paths
      }
      #expect(beforeRename == [])
      #expect(
        loop.handle(watcher.drain(), &watcher) == [
          .stateRead(store.peek(), fileExists: true), .stateFolderChanged,
        ])
    }
  }

  /// No copy makes the state file but by rename; something else may, while it is missing
  /// (a folder made in its place): that is read too, and the bar's next save sets it aside.
  @Test func aFolderMadeWhereTheStateFileWasIsRead() throws {
    try withTemporaryFolder("watch") { root in
      let (store, loop, folderWatch) = try watchedLoop(in: root, clock: ManualClock())
      var watcher = folderWatch
      _ = try store.transact(TransitionRequest([.action(.toggle)], settings: TimerSettings())) { _, _ in }
      _ = loop.handle(watcher.drain(), &watcher)

      try FileManager.default.removeItem(atPath: store.statePath)
      #expect(loop.handle(watcher.drain(), &watcher).contains(.stateRead(nil, fileExists: false)))
      try FileManager.default.createDirectory(atPath: store.statePath, withIntermediateDirectories: false)
      #expect(loop.handle(watcher.drain(), &watcher).contains(.stateRead(nil, fileExists: true)))
    }
  }
}
