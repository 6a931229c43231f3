import Foundation
import Testing

/// Tags through the built binary: `ctl project NAME +TAG`, the record the clock closes,
/// `log`, `report --tag` and the refusals.
@Suite("Tags")
struct TagCommandTests {
  /// The history's lines, as written.
  private func lines(_ sandbox: Sandbox) -> [String] {
    let folder = sandbox.root + "/data/pomobar/history"
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    return files.filter { $0.hasSuffix(".jsonl") && !$0.hasPrefix("edits.") }.flatMap { name in
      (sandbox.read(folder + "/" + name) ?? "").split(separator: "\n").map(String.init)
    }
  }

  @Test("ctl project api +billable, then stop: the record has the tags, log and report show them")
  func projectWithTagsThenStop() async throws {
    try await withSandbox { sandbox in
      try await sandbox.ctl("project", "api", "+billable", "+client  call")
      let work = try #require(try await sandbox.status()["work"] as? [String: Any])
      #expect(work["tags"] as? [String] == ["billable", "client call"])
      try sandbox.setClock("awake 600")
      try await sandbox.ctl("project", "+urgent")
      try sandbox.setClock("awake 900")
      try await sandbox.ctl("work", "stop")
      let written = lines(sandbox)
      #expect(written.count == 2, "\(written)")
      #expect(written.first?.contains(#""project":"api","#) == true)
      #expect(
        written.first?.hasSuffix(#""note":null,"tags":["billable","client call"]}"#) == true, "\(written)")
      #expect(written.last?.contains(#""project":"api","#) == true, "tags alone keep the project")
      #expect(written.last?.hasSuffix(#","tags":["urgent"]}"#) == true, "\(written)")

      let log = try await sandbox.run(["log"])
      #expect(log.stdout.contains(#"api +billable +"client call""#), "\(log)")
      let filtered = try await sandbox.run(["log", "--tag", "urgent"])
      #expect(filtered.stdout.split(separator: "\n").count == 1, "\(filtered)")
      #expect(filtered.stdout.contains("api +urgent"), "\(filtered)")

      let report = try await sandbox.run(["report", "--tag", "+billable", "--json"])
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
      #expect(object["tag_filter"] as? [String] == ["billable"])
      let tags = try #require(object["tags"] as? [[String: Any]])
      #expect(tags.map { $0["name"] as? String } == ["billable", "client call"], "\(tags)")
    }
  }

  @Test("ctl project +TAG --ago: the tags changed then, and the record before has the old ones")
  func tagsBackdated() async throws {
    try await withSandbox { sandbox in
      let started = boottimeNow()
      try await sandbox.ctl("project", "api", "+billable")
      try sandbox.setClock("awake 600")
      let said = try await sandbox.ctl("project", "+urgent", "--ago", "5m")
      #expect(said.stdout.contains("project api +urgent from"), "\(said)")
      try await sandbox.ctl("work", "stop")
      let written = lines(sandbox).compactMap {
        (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
      }
      #expect(written.count == 2, "\(written)")
      guard written.count == 2 else { return }
      #expect(written[0]["tags"] as? [String] == ["billable"])
      #expect(written[1]["tags"] as? [String] == ["urgent"])
      // 600 s on the test clock, plus what the commands took on a loaded machine.
      let first = written[0]["seconds"] as? Int ?? 0
      #expect(
        (300...300 + TrueTimeTests.slack(since: started)).contains(first),
        "the tags changed 5 min ago: \(written)")
      #expect(written[0]["end"] as? String == written[1]["start"] as? String)
    }
  }

  @Test("a bad tag is refused naming it, and changes nothing")
  func badTagsAreRefused() async throws {
    try await withSandbox { sandbox in
      for (words, said) in [
        (["project", "api", "+a;b"], "tag 'a;b' has a ';'"),
        (["project", "api", "+"], "a tag cannot be empty"),
        (["project", "--none", "+x"], "takes no tags"),
      ] {
        let result = try await sandbox.run(["ctl"] + words)
        #expect(result.status == 64, "\(words): \(result)")
        #expect(result.stderr.contains(said), "\(words): \(result)")
      }
      #expect(try await sandbox.status()["work"] is NSNull, "nothing started")
      let report = try await sandbox.run(["report", "--tag", "a;b"])
      #expect(report.status == 64 && report.stderr.contains("--tag: tag 'a;b'"), "\(report)")
    }
  }
}
