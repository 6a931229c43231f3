import TOML

extension ConfigValue where T == Budget {
  /// `budget`: hours (`"40h"`, `"1h30m"`) or money (`"2000 EUR"`, two decimals at most).
  static var budget: Self {
    Self(
      read: { r, node, key throws(ConfigError) in
        let text = try r.string(node, key)
        guard let budget = Budget.parse(text) else {
          throw r.error(
            node.position,
            "'\(key)' must be hours like \"40h\" or money like \"2000 EUR\", not \(Shown.quoted(text))")
        }
        return budget
      },
      print: { ConfigPrinter.quote($0.configText) })
  }
}
