import Testing

@testable import PomobarCore

@Suite struct TimelineTests {
  @Test func intervalsThatTouchDoNotOverlap() {
    #expect(!Timeline.overlap(9..<11, 11..<12))
    #expect(Timeline.overlap(9..<11, 10..<12))
    #expect(Timeline.overlap(9..<12, 10..<11))
  }

  @Test func nothingOverlappingLeavesTheIntervalWhole() {
    #expect(Timeline.pieces(of: 10..<12, around: []) == [10..<12])
    #expect(Timeline.pieces(of: 10..<12, around: [8..<10, 12..<13]) == [10..<12])
  }

  @Test func anOverlapAtEitherEndIsTrimmed() {
    #expect(Timeline.pieces(of: 10..<12, around: [9..<11]) == [11..<12])
    #expect(Timeline.pieces(of: 10..<12, around: [11..<13]) == [10..<11])
  }

  @Test func intervalsInsideSplitItIntoPieces() {
    #expect(
      Timeline.pieces(of: 0..<100, around: [60..<70, 10..<20, 15..<30, 95..<200]) == [
        0..<10, 30..<60, 70..<95,
      ])
  }

  @Test func anIntervalCoveredWholeLeavesNothing() {
    #expect(Timeline.pieces(of: 10..<12, around: [9..<13]).isEmpty)
    #expect(Timeline.pieces(of: 10..<12, around: [10..<11, 11..<12]).isEmpty)
  }

  /// Random cases: the pieces lie inside the new interval, overlap nothing existing, and
  /// with the covered time make up the whole of it.
  @Test func piecesAreExactlyTheUncoveredTime() {
    var random = SeededRandom(seed: 15)
    for _ in 0..<500 {
      let existing = (0..<Int(random.next() % 5)).map { _ -> Range<Int64> in
        let start = Int64(random.next() % 50)
        return start..<(start + 1 + Int64(random.next() % 20))
      }
      let start = Int64(random.next() % 50)
      let new = start..<(start + 1 + Int64(random.next() % 30))
      let pieces = Timeline.pieces(of: new, around: existing)
      for second in new {
        let covered = existing.contains { $0.contains(second) }
        #expect(pieces.contains { $0.contains(second) } == !covered)
      }
      #expect(
        pieces.allSatisfy {
          !$0.isEmpty && new.lowerBound <= $0.lowerBound && $0.upperBound <= new.upperBound
        })
    }
  }

  @Test func mergedJoinsOverlappingAndTouchingIntervalsInOrder() {
    #expect(Timeline.merged([20..<30, 0..<10, 10..<15, 25..<40, 50..<60]) == [0..<15, 20..<40, 50..<60])
    #expect(Timeline.merged([]) == [])
  }

  @Test func coversAsksForOneMergedIntervalHoldingTheWholeRange() {
    let merged = Timeline.merged([0..<10, 10..<15, 20..<40])
    #expect(Timeline.covers(merged, 2..<15))
    #expect(Timeline.covers(merged, 20..<40))
    #expect(!Timeline.covers(merged, 12..<22), "a gap between two intervals")
    #expect(!Timeline.covers(merged, 35..<41))
    #expect(!Timeline.covers([], 0..<1))
  }
}
