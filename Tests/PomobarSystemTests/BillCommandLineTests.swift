import Foundation
import Testing

/// `pomobar bill` against the built binary: the mark is an edit line, re-billing says
/// so, changing a billed record warns with its invoice, undo takes the bill back, and a
/// newer version's unknown edit beside it is kept and skipped.
@Suite("bill command")
struct BillCommandLineTests {
  typealias L = LedgerCommandTests

  @Test("bill marks a client's work, says what it marked, and undo takes it back")
  func billAndUndo() async throws {
    try await withSandbox { sandbox in
      try sandbox.writeConfig("[projects.api]\nclient = \"Globex\"", hooks: false, notifications: false)
      try await L.track(sandbox)
      let log = try await L.run(sandbox, ["log", "all"]).stdout.split(separator: "\n")
      let api = String(log[0].prefix { $0 != " " })
      let plainReport = try await L.run(sandbox, ["report", "all", "--json"]).stdout
      let plainCSV = try await L.run(sandbox, ["export", "--format", "csv"]).stdout

      let dry = try await L.run(sandbox, ["bill", "all", "--client", "Globex", "--dry-run"])
      #expect(dry.stdout.hasPrefix("would have billed 1 record of 'api', 1:30:00 of work:\n"), "\(dry)")
      #expect(!L.files(sandbox).contains { $0.hasPrefix("edits.") })

      let bill = try await L.run(sandbox, ["bill", "all", "--client", "Globex", "--invoice", "INV-7"])
      #expect(
        bill.stdout.hasPrefix("billed 1 record of 'api' on invoice 'INV-7', 1:30:00 of work:\n  \(api)"),
        "\(bill)")
      let edits = try #require(L.files(sandbox).first { $0.hasPrefix("edits.") })
      let line = try #require(sandbox.read(L.history(sandbox) + "/" + edits))
      #expect(line.contains(#""op":"bill""#) && line.contains(#""invoice":"INV-7","targets":[""#), "\(line)")

      let again = try await L.run(sandbox, ["bill", "all", "--client", "Globex", "--invoice", "INV-8"])
      #expect(
        again.stderr.contains(
          "nothing to bill: 1 record was billed before and stays so: \(api) (invoice INV-7, billed "),
        "\(again)")

      let report = try await L.run(sandbox, ["report", "all", "--json"]).stdout
      #expect(report.contains(#""billed":5400,"unbilled":7200"#), "\(report)")
      #expect(try await L.run(sandbox, ["export", "--format", "csv"]).stdout.contains(",INV-7\r\n"))

      // Changing it is done, and warned of with its invoice.
      let amend = try await L.run(sandbox, ["history", "amend", api, "--note", "after the invoice"])
      #expect(
        amend.stderr.contains(
          "history amend: warning: this changes a billed record: \(api) (invoice INV-7, billed "), "\(amend)")
      let rename = try await L.run(sandbox, ["project", "rename", "api", "backend"])
      #expect(
        rename.stderr.contains(
          "project rename: warning: this changes a billed record: \(api) (invoice INV-7"), "\(rename)")
      let other = try await L.run(sandbox, ["project", "rename", "web", "site"])
      #expect(!other.stderr.contains("warning"), "\(other)")

      // Undo: the two renames and the amend, then the bill; the outputs are as before.
      for _ in 0..<3 { try await L.run(sandbox, ["history", "undo"]) }
      let undo = try await L.run(sandbox, ["history", "undo"])
      #expect(undo.stdout.contains("undid the bill of 1 record on invoice 'INV-7'"), "\(undo)")
      #expect(try await L.run(sandbox, ["report", "all", "--json"]).stdout == plainReport)
      #expect(try await L.run(sandbox, ["export", "--format", "csv"]).stdout == plainCSV)
    }
  }

  @Test("a re-import that changes a billed record takes the change and warns with its invoice")
  func reimportOverABill() async throws {
    try await withSandbox { sandbox in
      let path = sandbox.root + "/tw.json"
      try sandbox.write(ImportMergeCommandTests.first, to: path)
      try await L.run(sandbox, ["import", path, "--project-tags", "acme,globex,internal"])
      try await L.run(sandbox, ["bill", "all", "--project", "acme", "--invoice", "A-1"])
      try sandbox.write(ImportMergeCommandTests.second, to: path)
      let again = try await L.run(sandbox, ["import", path])
      // The acme interval was lengthened in timewarrior: taken, and said.
      #expect(again.stderr.contains("import: warning: this changes a billed record: "), "\(again)")
      #expect(again.stderr.contains("(invoice A-1, billed "), "\(again)")
      let log = try await L.run(sandbox, ["log", "all"]).stdout
      #expect(log.contains("1:55:00  acme"), "\(log)")
    }
  }

  @Test("a newer version's unknown edit is kept and skipped; the bill beside it applies")
  func unknownEditBesideABill() async throws {
    try await withSandbox { sandbox in
      try await L.track(sandbox)
      try await L.run(sandbox, ["bill", "all", "--project", "web"])
      let edits = try #require(L.files(sandbox).first { $0.hasPrefix("edits.") })
      let path = L.history(sandbox) + "/" + edits
      let newer = #"{"id":"zzz.1.1","op":"credit","at":"2026-01-22T09:00:00+01:00","targets":["x"]}"# + "\n"
      try sandbox.write((sandbox.read(path) ?? "") + newer, to: path)
      let report = try await L.run(sandbox, ["report", "all", "--json"])
      #expect(report.stdout.contains(#""billed":3600,"unbilled":"#), "\(report)")
      #expect(report.stderr.contains("unknown 'op'"), "\(report)")
      try await L.run(sandbox, ["bill", "all", "--project", "api"])
      #expect(sandbox.read(path)?.contains(newer) == true, "the newer line was not kept")
    }
  }
}
