import PomobarSystem
import Testing

/// The state folder's files keep their names: copies of another version, the docs and
/// people's scripts know them.
@Suite struct StateFolderTests {
  @Test func everyFileHasTheNameItAlwaysHad() {
    let folder = StateFolder("/s")
    #expect(
      [
        folder.state, folder.lock, folder.stateTemporary, folder.failures, folder.hooksLog,
        folder.notification, folder.notificationLock, folder.notificationOwed, folder.notificationFailed,
        folder.soundReported, folder.doNotDisturb, folder.machineID,
      ] == [
        "/s/state.json", "/s/state.lock", "/s/state.json.tmp", "/s/hooks.failed", "/s/hooks.log",
        "/s/notification", "/s/notification.lock", "/s/notification.owed", "/s/notification.failed",
        "/s/sound.reported", "/s/dnd", "/s/machine-id",
      ])
    #expect(
      folder.stateAside(wall: 1_700_000_000_123_456_789, process: 42)
        == "/s/state.json.bad-1700000000.123456789.42")
    #expect(folder.lastGoodConfig(hash: "0a1b") == "/s/config-good-0a1b.toml")
    #expect(folder.historyEdit(process: 42) == "/s/history-edit.42.txt")
    #expect(folder.historyIndex == "/s/history-index")
  }
}
