/// One timeline of work: intervals that must not overlap, or the time they would count
/// twice in every report (`track yesterday 9:00 11:00` then `10:00 12:00` made a 9:00-12:00
/// morning four hours).
///
/// Intervals are half-open ranges of UTC seconds: one that ends at 11:00 and one that
/// starts at 11:00 touch, they do not overlap.
public enum Timeline {
  /// Whether `a` and `b` share a second.
  public static func overlap(_ a: Range<Int64>, _ b: Range<Int64>) -> Bool {
    a.lowerBound < b.upperBound && b.lowerBound < a.upperBound
  }

  /// What is left of `new` once every interval of `existing` is cut out of it, in order:
  /// `new` itself when nothing overlaps, several pieces when existing intervals lie inside
  /// it, none when they cover it (timewarrior's `:adjust`, for an interval being added).
  public static func pieces(of new: Range<Int64>, around existing: [Range<Int64>]) -> [Range<Int64>] {
    var pieces: [Range<Int64>] = []
    var cursor = new.lowerBound
    for interval in existing.filter({ overlap($0, new) }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if interval.lowerBound > cursor { pieces.append(cursor..<interval.lowerBound) }
      cursor = max(cursor, interval.upperBound)
    }
    if cursor < new.upperBound { pieces.append(cursor..<new.upperBound) }
    return pieces
  }

  /// `intervals` merged where they overlap or touch, in order: the time they cover.
  public static func merged(_ intervals: [Range<Int64>]) -> [Range<Int64>] {
    var merged: [Range<Int64>] = []
    for interval in intervals.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = merged.last, interval.lowerBound <= last.upperBound {
        merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, interval.upperBound)
      } else {
        merged.append(interval)
      }
    }
    return merged
  }

  /// Whether `range` lies inside one interval of `merged` (the output of `merged`), found
  /// by binary search.
  public static func covers(_ merged: [Range<Int64>], _ range: Range<Int64>) -> Bool {
    var low = 0
    var high = merged.count
    while low < high {  // the first interval starting after `range`
      let middle = (low + high) / 2
      if merged[middle].lowerBound <= range.lowerBound { low = middle + 1 } else { high = middle }
    }
    return low > 0 && merged[low - 1].upperBound >= range.upperBound
  }
}
