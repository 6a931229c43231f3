import Foundation
import Testing

/// `report --timesheet` through the built binary: a client's entries as `report` bills
/// them; what it refuses; `--pdf` without Chromium.
@Suite("Timesheet command")
struct TimesheetCommandTests {
  @Test("report month --timesheet --json: the client's entries add up to report's billing")
  func timesheetOfAClient() async throws {
    try await withSandbox(hooks: false, notifications: false) { sandbox in
      let day = BillingCommandTests.firstOfMonth
      let folder = sandbox.root + "/data/pomobar/history"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try sandbox.write(BillingCommandTests.history(day), to: folder + "/\(day.prefix(7)).aaaaaaaaaaaa.jsonl")
      let utc = ["TZ": "UTC"]

      try sandbox.writeConfig("", hooks: false, notifications: false)
      let none = try await sandbox.run(["report", "month", "--timesheet"], environment: utc)
      #expect(none.status == 1 && none.stderr.contains("a timesheet needs a rate in the config"), "\(none)")

      try sandbox.writeConfig(
        "[projects.\"globex\"]\nclient = \"Globex\"\nrate = \"95 EUR/h\"\n[billing]\nround = \"15m\"",
        hooks: false,
        notifications: false)
      let result = try await sandbox.run(
        ["report", "month", "--timesheet", "--client", "Globex", "--json"], environment: utc)
      #expect(result.status == 0, "\(result)")
      let sheet = try #require(
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)"
      )
      let clients = try #require(sheet["clients"] as? [[String: Any]])
      #expect(clients.count == 1 && clients.first?["name"] as? String == "Globex")
      let entries = try #require(clients.first?["entries"] as? [[String: Any]])
      // 1:00-2:05 less the break inside: 1:00, stays 1:00; 0:10 rounds up to 0:15.
      #expect(entries.map { $0["billable"] as? Int } == [3600, 600])
      #expect(entries.map { $0["rounded"] as? Int } == [3600, 900])
      #expect(entries.map { $0["amount_minor"] as? Int } == [9500, 2375])
      let total = try #require(clients.first?["total"] as? [String: Any])
      #expect(total["rounded"] as? Int == 4500)
      #expect(result.stdout.contains("\"total\":{\"entries\":2,\"billable\":4200,\"rounded\":4500"))
      #expect(
        result.stdout.contains(
          "\"amounts\":[{\"currency\":\"EUR\",\"amount\":118.75,\"amount_minor\":11875}]"))

      let text = try await sandbox.run(["report", "month", "--timesheet"], environment: utc)
      #expect(text.status == 0 && text.stdout.hasPrefix("Timesheet: Globex, month, "), "\(text)")

      let stranger = try await sandbox.run(
        ["report", "month", "--timesheet", "--client", "Nobody"], environment: utc)
      #expect(
        stranger.status == 1 && stranger.stderr.contains("no project belongs to client 'Nobody'"),
        "\(stranger)")

      let pdf = sandbox.root + "/sheet.pdf"
      let printed = try await sandbox.run(
        ["report", "month", "--timesheet", "--pdf", pdf],
        environment: utc.merging(["PATH": "/nonexistent"]) { $1 })
      #expect(printed.status == 1, "\(printed)")
      #expect(
        printed.stderr.contains("no Chromium to print with") && printed.stderr.contains("--html"),
        "\(printed)")
      #expect(!FileManager.default.fileExists(atPath: pdf))
    }
  }
}
