import Testing

@testable import PomobarCore

/// Tags: what one may be, how `+tag` words are split off, and how a history line keeps them.
@Suite struct TagNameTests {
  @Test func aTagIsTrimmedAndItsInnerSpacesMadeOne() {
    #expect(TagName.check("  client \t  call ") == .success("client call"))
    #expect(TagName.check("Billable") == .success("Billable"))
  }

  @Test func aTagThatCannotBeKeptIsRefusedWithTheReason() {
    #expect(TagName.check(" ") == .failure(.empty))
    #expect(TagName.check("a;b") == .failure(.semicolon("a;b")))
    #expect(TagName.check("a\nb") == .failure(.control("a\nb", "U+000A")))
    let long = String(repeating: "x", count: TagName.maxCharacters + 1)
    #expect(TagName.check(long) == .failure(.tooLong(long, characters: 51, bytes: 51)))
    #expect("\(TagName.Problem.semicolon("a;b"))".contains("'a;b'"))
    #expect("\(TagName.Problem.control("a\nb", "U+000A"))".contains("'a?b'"))
  }

  @Test func aListKeepsTheFirstOfEqualTagsInOrderAndAtMostTwenty() {
    #expect(TagName.check(["b", "a", " b ", "a"]) == .success(["b", "a"]))
    let many = (0...TagName.maxCount).map { "t\($0)" }
    #expect(TagName.check(many) == .failure(.tooMany(21)))
  }

  @Test func plusWordsAreTagsAndTheOthersStayInOrder() throws {
    let split = try TagName.split(["web", "+billable", "frontend", "++x", "+client call"]).get()
    #expect(split.rest == ["web", "frontend"])
    #expect(split.tags == ["billable", "+x", "client call"])
    #expect(throws: TagName.Problem.empty) { try TagName.split(["api", "+"]).get() }
    #expect(try TagName.split(["9:00", "10:00"]).get().tags == [])
  }

  @Test func tagsAsWordsQuoteOnlyWhatNeedsIt() {
    #expect(
      TagName.words(["billable", "client call", #"say "hi""#]) == #"+billable +"client call" +"say \"hi\"""#)
  }

  @Test(arguments: [
    (["billable", "client call"], true), ([], true), (["a", "a"], false), ([" a"], false), (["a "], false),
    (["a  b"], false), (["a;b"], false), (["a\tb"], false), (["é"], false), ([""], false),
    ([String(repeating: "x", count: 50)], true), ([String(repeating: "x", count: 51)], false),
    ((0...20).map { "t\($0)" }, false),
  ])
  func theReadersShortcutAgreesWithTheRule(tags: [String], plain: Bool) {
    #expect(TagName.arePlainAndKept(tags) == plain)
    if plain { #expect(TagName.check(tags) == .success(tags)) }
  }

  @Test func clampingKeepsWhatItCanOfAnyTags() {
    let long = String(repeating: "é", count: 80)
    let clamped = TagName.clamped(["a;b", "x\u{7}y", "", "  ", "a,b", long] + (0..<30).map { "t\($0)" })
    #expect(clamped.prefix(3) == ["a,b", "x y", String(repeating: "é", count: 50)])
    #expect(clamped.count == TagName.maxCount)
    #expect(clamped.allSatisfy { (try? TagName.check($0).get()) == $0 })
  }

  // MARK: - The history line

  let record = LedgerRecord(
    id: "3d1219c7c4c5.kx2p9q.142", kind: .work,
    start: WallTime(utc: 1_795_420_800, offset: 3600), end: WallTime(utc: 1_795_422_300, offset: 3600),
    seconds: 1500, project: "api", tags: ["billable", "client \"call\""])

  @Test func tagsFollowTheNoteAndAnUntaggedLineIsAsBefore() {
    #expect(record.jsonLine.contains(#""note":null,"tags":["billable","client \"call\""]}"#))
    var untagged = record
    untagged.tags = []
    #expect(!untagged.jsonLine.contains("tags"))
  }

  @Test func aLineWithoutTagsReadsAsNone() throws {
    let old =
      #"{"id":"x","kind":"work","start":"2026-11-23T08:00:00Z","end":"2026-11-23T09:00:00Z","seconds":1,"#
      + #""project":null,"outcome":null,"internal":0,"external":0,"gap":0,"note":null}"#
    #expect(try LedgerRecord(jsonLine: old).tags == [])
  }

  /// The fast scanner and the full parser give the same record for every spelling of tags.
  @Test(arguments: [
    (#""tags":["a","b c"]"#, ["a", "b c"]),
    (#""tags":[]"#, []),
    (#""tags":null"#, []),
    (#""tags":"a""#, []),
    (#""tags":["a","a"," b  "]"#, ["a", "b"]),
    (#""tags":["a;b","\u0007x"]"#, ["a,b", "x"]),
    (#""tags":["a",1,"b"]"#, ["a", "b"]),
    (#""tags":["é\"q"]"#, ["é\"q"]),
  ])
  func theScannerAndTheParserAgree(tags: String, expected: [String]) throws {
    let line =
      #"{"id":"x","kind":"work","start":"2026-11-23T08:00:00Z","end":"2026-11-23T09:00:00Z","seconds":1,"#
      + tags + #","note":null}"#
    let fast = try LedgerRecord(jsonLine: line)
    let spaced = try LedgerRecord(jsonLine: line.replacingOccurrences(of: ",\"note\"", with: ", \"note\""))
    #expect(fast.tags == expected)
    #expect(spaced == fast)
  }

  @Test func theScannerReadsATaggedLineItself() {
    var fields = RecordFields()
    var line = record.jsonLine.dropLast().replacingOccurrences(of: "\\\"", with: "'")
    let scanned = line.withUTF8 { FlatObjectScanner.scan($0, into: &fields) }
    #expect(scanned)
    #expect(fields.tags == ["billable", "client 'call'"])
    // Another key with an array, or a broken array, goes to the parser.
    for bad in [#"{"id":"x","other":["a"]}"#, #"{"id":"x","tags":["a",]}"#, #"{"id":"x","tags":["a"}"#] {
      var text = bad
      var ignored = RecordFields()
      #expect(!text.withUTF8 { FlatObjectScanner.scan($0, into: &ignored) })
    }
  }

  @Test func anAmendCarriesTheTagsOfItsRecord() throws {
    let edit = HistoryEdit(
      id: "3d1219c7c4c5.e.1", at: WallTime(utc: 1_795_430_000, offset: 3600),
      .amend(target: record.id, record: record))
    let read = try HistoryEdit(jsonLine: Array(edit.jsonLine.utf8.dropLast()))
    #expect(read == edit)
    guard case .amend(_, let amended) = read.operation else { return #expect(Bool(false)) }
    #expect(amended.tags == ["billable", "client \"call\""])
  }

  @Test func randomTagsRoundTripThroughTheLine() throws {
    var generator = SeededRandom(seed: 17)
    let pieces = ["a", "b", " ", "é", "\"", "\\", "\u{1F600}", "x", "\t", ",", "[", "]", ":"]
    for _ in 0..<500 {
      var tags: [String] = []
      for _ in 0..<Int(generator.next() % 5) {
        tags.append(
          (0..<Int(1 + generator.next() % 8)).map { _ in pieces[Int(generator.next() % 13)] }.joined())
      }
      var tagged = record
      tagged.tags = TagName.clamped(tags)
      let back = try LedgerRecord(jsonLine: String(tagged.jsonLine.dropLast()))
      #expect(back == tagged)
    }
  }
}
