import Testing

@testable import PomobarCore

/// Short ids are for people: the records of one transition (ids that differ in their last
/// digits) must not read alike.
@Suite struct ShortIDTests {
  @Test func neighbouringIdsDifferFromTheFirstDigit() {
    let ids = (1...1000).map { "laptop.m1abc.\($0)" }
    let short = ids.map { StableHash.hex(StableHash.short($0)) }
    let sameFirst = zip(short, short.dropFirst()).filter { $0.first == $1.first }.count
    // Random hex digits agree one time in 16: about 62 of 999 pairs.
    #expect(sameFirst < 120, "\(sameFirst) neighbours share their first digit")
    #expect(Set(short.map { $0.prefix(7) }).count == 1000, "7 digits tell 1,000 records apart")
  }

  @Test func theShortIdIsTheSameEverywhere() {
    // A pure function of the id: no per-process seed.
    #expect(StableHash.hex(StableHash.short("laptop.m1abc.41")) == StableHash.hex(StableHash.short("laptop.m1abc.41")))
    #expect(
      LedgerRecord(
        id: "laptop.m1abc.41", kind: .work, start: WallTime(utc: 0, offset: 0), end: WallTime(utc: 60, offset: 0),
        seconds: 60, project: nil
      ).shortID == StableHash.hex(StableHash.short("laptop.m1abc.41")))
  }
}
