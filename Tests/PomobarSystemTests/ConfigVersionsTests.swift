import Foundation
import PomobarCore
import Testing

@testable import PomobarSystem

/// A bar or `idle-watch` reads its config before it watches it: `changed(since:)` tells
/// whether a save came in between, for the config and for its days-off file.
@Suite struct ConfigVersionsTests {
  private func source(_ root: String) -> ConfigSource {
    ConfigSource(path: root + "/config.toml", environment: Environment { _ in nil })
  }

  private func write(_ text: String, _ path: String) throws {
    // Through a rename, as editors save: another inode, whatever the clock's resolution.
    try text.write(toFile: path + ".new", atomically: false, encoding: .utf8)
    #expect(rename(path + ".new", path) == 0)
  }

  @Test func aConfigSavedAfterItsReadIsChangedOneNotSavedIsNot() throws {
    try withTemporaryFolder("versions") { root in
      try write("[timer]\nfocus = \"25m\"\n", root + "/config.toml")
      let loaded = source(root).load(keepingLastGood: false)
      #expect(!source(root).changed(since: loaded))
      try write("[timer]\nfocus = \"30m\"\n", root + "/config.toml")
      #expect(source(root).changed(since: loaded))
    }
  }

  @Test func aConfigMadeWhereThereWasNoneIsChanged() throws {
    try withTemporaryFolder("versions") { root in
      let loaded = source(root).load(keepingLastGood: false)
      #expect(loaded.missing)
      #expect(!source(root).changed(since: loaded))
      try write("[timer]\nfocus = \"30m\"\n", root + "/config.toml")
      #expect(source(root).changed(since: loaded))
    }
  }

  @Test func aDaysOffFileSavedAfterItsReadIsChanged() throws {
    try withTemporaryFolder("versions") { root in
      try write("[ledger]\ndays-off-file = \"days-off.txt\"\n", root + "/config.toml")
      try write("2026-12-24\n", root + "/days-off.txt")
      let loaded = source(root).load(keepingLastGood: false)
      #expect(loaded.versions.count == 2 && loaded.versions.allSatisfy { $0 != nil }, "\(loaded.versions)")
      #expect(!source(root).changed(since: loaded))
      try write("2026-12-24\n2026-12-31\n", root + "/days-off.txt")
      #expect(source(root).changed(since: loaded))
    }
  }
}
