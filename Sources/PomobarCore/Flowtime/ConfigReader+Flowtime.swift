import TOML

extension Reader {
  /// `break-steps`: rows `["FOCUS", "BREAK"]`, each focus longer than the one before.
  func breakSteps(_ node: TOMLNode, _ key: String) throws(ConfigError) -> [BreakStep] {
    let form = "an array of [\"FOCUS\", \"BREAK\"] rows like [[\"25m\", \"5m\"], [\"50m\", \"8m\"]]"
    guard case .array(let rows) = node.value else {
      throw error(node.position, "'\(key)' must be \(form), not \(article(node.value))")
    }
    var steps: [BreakStep] = []
    for row in rows {
      guard case .array(let pair) = row.value, pair.count == 2 else {
        throw error(row.position, "'\(key)': each row must be [\"FOCUS\", \"BREAK\"], like [\"25m\", \"5m\"]")
      }
      let step = BreakStep(
        focus: try phaseLength(pair[0], key), rest: try phaseLength(pair[1], key))
      if let previous = steps.last, step.focus <= previous.focus {
        throw error(
          pair[0].position,
          "'\(key)': rows go from the shortest focus to the longest; "
            + "\(DurationFormat.format(step.focus)) comes after \(DurationFormat.format(previous.focus))")
      }
      steps.append(step)
    }
    return steps
  }
}

extension ConfigValue where T == [BreakStep] {
  /// `break-steps`; none is not written.
  static var breakSteps: Self {
    Self(
      read: { r, node, key throws(ConfigError) in try r.breakSteps(node, key) },
      print: { steps in
        steps.isEmpty
          ? nil
          : "["
            + steps.map { "[\(ConfigPrinter.duration($0.focus)), \(ConfigPrinter.duration($0.rest))]" }
            .joined(separator: ", ") + "]"
      })
  }
}
