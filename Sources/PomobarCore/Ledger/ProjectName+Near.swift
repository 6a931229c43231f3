extension ProjectName {
  /// The known name that `name`, a name not known yet, is likely a slip for: one that
  /// differs only in case or spaces (`Api`, `api`; `web-frontend`, `web frontend` is one
  /// edit), or by one edit in a name of 4 characters or more, two from 8. Nil when `name`
  /// is known itself or nothing is that close.
  ///
  /// Short names are compared only for case: `app` beside `api` is more likely a second
  /// project than a typo, and a warning on every new short name would be noise.
  public static func near(_ name: String, in known: [String]) -> String? {
    let given = normalised(name)
    guard !known.contains(given) else { return nil }
    let folded = given.lowercased()
    let candidates = known.map { normalised($0).lowercased() }
    if let same = candidates.firstIndex(of: folded) { return known[same] }
    let length = folded.unicodeScalars.count
    let allowed = length >= 8 ? 2 : length >= 4 ? 1 : 0
    guard allowed > 0 else { return nil }
    var best: (index: Int, distance: Int)? = nil
    for (index, candidate) in candidates.enumerated() {
      guard abs(candidate.unicodeScalars.count - length) <= allowed else { continue }
      let distance = Spelling.distance(folded, candidate)
      if distance <= allowed, distance < (best?.distance ?? .max) { best = (index, distance) }
    }
    return best.map { known[$0.index] }
  }

  /// The known name to suggest to someone who asked for the unknown `name`: the near
  /// name, or else one `name` begins or is a likely misspelling of (`Spelling`).
  public static func suggestion(for name: String, in known: [String]) -> String? {
    near(name, in: known) ?? Spelling.suggestion(for: normalised(name), in: known)
  }
}
