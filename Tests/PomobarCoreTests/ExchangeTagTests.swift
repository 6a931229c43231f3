import Testing

@testable import PomobarCore

/// Tags through every exchange format: what each tool is given, and that a round trip
/// gives back each record's project and tags.
@Suite struct ExchangeTagTests {
  static func record(
    _ id: String, _ kind: LedgerRecord.Kind, _ from: (Int, Int), _ to: (Int, Int), _ project: String?,
    _ tags: [String]
  ) -> LedgerRecord {
    var record = ExchangeTimelineTests.record(id, kind, from, to, project)
    record.tags = tags
    return record
  }

  /// Tags that could read as something else in a tool: a kind, a project, the escapes.
  static let awkward: [LedgerRecord] = [
    record("t.1", .work, (9, 0), (10, 0), "api", ["billable", "client call", "api", "focus", "work"]),
    record("t.2", .work, (10, 0), (11, 0), "ops", ["project:x", "tag:y", "ops"]),
    record("t.3", .work, (11, 0), (12, 0), nil, ["admin"]),
    record("t.4", .work, (12, 0), (13, 0), "focus", ["zeta", "alpha"]),
  ]

  /// (project, tags) of each work record, in order of start.
  static func projectsAndTags(_ records: [LedgerRecord]) -> [String] {
    records.filter { $0.kind == .work }.sorted { $0.start.utc < $1.start.utc }.map {
      ($0.project ?? "-") + " " + $0.tags.sorted().joined(separator: "|")
    }
  }

  @Test(arguments: [ExchangeFormat.timewarrior, .watson])
  func aRoundTripThroughEitherToolGivesBackProjectAndTags(format: ExchangeFormat) {
    let back = ExchangeFixtures.decode(ExchangeFixtures.export(format, Self.awkward), format, offset: 0)
    #expect(back.problems.isEmpty, "\(back.problems)")
    #expect(back.records.map(\.kind) == [.work, .work, .work, .work], "no tag became a kind")
    #expect(Self.projectsAndTags(back.records) == Self.projectsAndTags(Self.awkward))
  }

  @Test func timewarriorGetsTheTagsBareAndTheProjectAlsoNamed() {
    let text = ExchangeFixtures.export(.timewarrior, [Self.awkward[0], Self.awkward[2]])
    #expect(
      text.contains(
        #""tags":["api","billable","client call","project:api","tag:api","tag:focus","tag:work","work"]"#),
      "\(text)")
    // Without a project, `project:` says there is none; without tags, `project:NAME` still
    // says which is the project (an import takes no other tag for it).
    #expect(text.contains(#""tags":["admin","project:","work"]"#), "\(text)")
    let untagged = ExchangeFixtures.export(
      .timewarrior, [Self.record("u", .work, (9, 0), (10, 0), "api", [])])
    #expect(untagged.contains(#""tags":["api","project:api","work"]"#))
  }

  @Test func watsonGetsTheTagsAndAWorkTagOnlyEscapedBesideABreak() {
    let frames = ExchangeFixtures.export(.watson, [Self.awkward[0]])
    #expect(frames.contains(#"["billable","client call","api","tag:focus","work"]"#), "\(frames)")
    let withBreak = ExchangeFixtures.export(
      .watson,
      [
        Self.record("b.1", .work, (9, 0), (10, 0), "api", ["work"]),
        Self.record("b.2", .shortBreak, (9, 30), (9, 35), "api", ["work"]),
      ])
    #expect(withBreak.contains(#"["short-break","work","tag:work"]"#), "\(withBreak)")
  }

  /// A native timewarrior interval with several tags: `project:NAME` is the project (its
  /// bare twin is not a tag), else the one tag that names a known project, else the one
  /// the user named, else none: never the first tag of timewarrior's sorted list.
  @Test func timewarriorsOwnTagsBecomeProjectAndTags() {
    let text = """
      [
      {"id":3,"start":"20261123T070000Z","end":"20261123T080000Z","tags":["billable","globex","meeting"]},
      {"id":2,"start":"20261123T080000Z","end":"20261123T090000Z","tags":["billable","clientx","meeting"]},
      {"id":1,"start":"20261123T090000Z","end":"20261123T100000Z","tags":["clientx","meeting","project:clientx"]}
      ]
      """
    let unknown = ExchangeFixtures.decode(text, .timewarrior).records
    #expect(unknown.map(\.project) == [nil, nil, "clientx"])
    #expect(unknown.map(\.tags) == [["billable", "globex", "meeting"], ["billable", "clientx", "meeting"], ["meeting"]])
    let known = ExchangeFixtures.decode(text, .timewarrior, projects: ProjectTags(known: ["globex"])).records
    #expect(known.map(\.project) == ["globex", nil, "clientx"])
    #expect(known[0].tags == ["billable", "meeting"])
    let named = ExchangeFixtures.decode(
      text, .timewarrior, projects: ProjectTags(known: ["globex"], patterns: ["client*"])
    ).records
    #expect(named.map(\.project) == ["globex", "clientx", "clientx"])
  }

  /// Two tags that both name a project: neither is taken.
  @Test func twoProjectTagsNameNone() {
    let text = #"[{"id":1,"start":"20261123T070000Z","end":"20261123T080000Z","tags":["acme","internal"]}]"#
    let rule = ProjectTags(known: ["acme", "internal"])
    #expect(ExchangeFixtures.decode(text, .timewarrior, projects: rule).records.map(\.project) == [nil])
    #expect(rule.candidates(among: ["acme", "internal", "dev"]) == ["acme", "internal"])
    // A known project comes before a pattern: `acme` is known, `dev` only matches.
    #expect(ProjectTags(known: ["acme"], patterns: ["d*"]).project(among: ["acme", "dev"]) == "acme")
  }

  @Test func projectTagPatterns() {
    #expect(ProjectTags.patterns(" acme, Umbrella Corp ,,client-* ") == ["acme", "Umbrella Corp", "client-*"])
    #expect(ProjectTags.patterns("").isEmpty)
    let cases: [(String, String, Bool)] = [
      ("client-a", "client-*", true), ("client-", "client-*", true), ("clients", "client-*", false),
      ("acme.api", "*.*", true), ("acme", "a?me", true), ("acme", "a?e", false), ("x", "*", true),
      ("", "*", true), ("é日本", "é*本", true), ("abcabd", "*abd", true), ("ab", "a*b*c", false),
    ]
    for (text, pattern, expected) in cases {
      #expect(ProjectTags.matches(text, pattern: pattern) == expected, "\(text) ~ \(pattern)")
    }
  }

  @Test func watsonKeepsTheTagsInTheirOrder() {
    let records = [Self.record("o.1", .work, (9, 0), (10, 0), "api", ["work", "focus", "zeta", "alpha"])]
    let back = ExchangeFixtures.decode(ExchangeFixtures.export(.watson, records), .watson, offset: 0)
    #expect(back.records.map(\.tags) == [["work", "focus", "zeta", "alpha"]])
  }

  @Test func csvAndJSONKeepTheTags() {
    for format in [ExchangeFormat.csv, .json] {
      let back = ExchangeFixtures.decode(ExchangeFixtures.export(format, Self.awkward), format, offset: 0)
      #expect(back.problems.isEmpty)
      #expect(back.records.map(\.tags) == Self.awkward.map(\.tags), "\(format)")
    }
  }

  /// A frame imported before tags were kept has them in its note: read again, its record
  /// is replaced by one with the tags (and so is a frame whose tags were edited in Watson).
  @Test func aFrameReadAgainWithOtherTagsIsChanged() {
    let text = #"[[1795420800,1795422300,"api","5e8f2b0c6a8e4d1f9b7c3a2e1d0f4b6a",["draft"],1795422301]]"#
    let now = ExchangeFixtures.decode(text, .watson).records
    var before = now[0]
    before.tags = []
    before.note = "tags: draft"
    let plan = ImportPlan(importing: now, existing: [before])
    #expect(plan.amends.map(\.new) == now && plan.present == 0)
    #expect(ImportPlan(importing: now, existing: now).present == 1)
  }

  @Test func anImportedTagIsHeldToTheRule() {
    let text =
      #"[[1795420800,1795422300,"api","5e8f2b0c6a8e4d1f9b7c3a2e1d0f4b6a",["a;b","  x  y ",""],1795422301]]"#
    #expect(ExchangeFixtures.decode(text, .watson).records.first?.tags == ["a,b", "x y"])
  }
}
