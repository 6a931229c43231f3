extension BarView {
  /// `text` with each `{bar}` in it replaced by `drawn` (the bar in colour), and the other
  /// pieces through `escape`.
  ///
  /// Encoders that colour the bar (Pango markup, polybar and tmux tags) share this; the bar
  /// is found as its plain form in the text, which only `{bar}` writes (block elements).
  func styled(_ text: String, escape: (String) -> String, drawn: String) -> String {
    guard !plain.isEmpty else { return escape(text) }
    // Searched as UTF-8 bytes: this runs every second, and bytes need no grapheme breaking.
    let bytes = Array(text.utf8)
    let needle = Array(plain.utf8)
    var out = ""
    var start = 0
    var index = 0
    while index + needle.count <= bytes.count {
      if bytes[index] == needle[0] && bytes[index..<(index + needle.count)].elementsEqual(needle) {
        out += escape(String(decoding: bytes[start..<index], as: UTF8.self))
        out += drawn
        index += needle.count
        start = index
      } else {
        index += 1
      }
    }
    return out + escape(String(decoding: bytes[start...], as: UTF8.self))
  }
}

extension BarView {
  /// The bar as Pango markup for i3bar, swaybar and waybar: the time left in `color` (the
  /// phase's), the partly filled cell on a track-coloured background, the elapsed cells in
  /// the track colour; nil if a colour is not `#rrggbb`. Built once per frame, for both
  /// texts.
  func pangoSpans(color: String) -> String? {
    guard HexColor(color) != nil, HexColor(track) != nil else { return nil }
    var out = ""
    if !filled.isEmpty { out += "<span foreground=\"" + color + "\">" + filled + "</span>" }
    if !partial.isEmpty {
      out += "<span foreground=\"" + color + "\" background=\"" + track + "\">" + partial + "</span>"
    }
    if !elapsed.isEmpty { out += "<span foreground=\"" + track + "\">" + elapsed + "</span>" }
    return out
  }

  /// `text` as Pango markup, with the bar drawn as `spans` (`pangoSpans`) and the rest
  /// escaped.
  func pango(_ text: String, spans: String?) -> String {
    guard let spans else { return WaybarEncoder.escapeMarkup(text) }
    return styled(text, escape: WaybarEncoder.escapeMarkup, drawn: spans)
  }

  /// Polybar's tags: the elapsed cells `%{F#track}`, the partly filled cell on `%{B#track}`;
  /// `color` (the text's own) is restored after them.
  func polybar(_ text: String, color: HexColor) -> String {
    guard HexColor(track) != nil else { return PolybarEncoder.escape(text) }
    var drawn = filled
    if !partial.isEmpty { drawn += "%{B" + track + "}" + partial + "%{B-}" }
    if !elapsed.isEmpty { drawn += "%{F" + track + "}" + elapsed + "%{F" + color.hex + "}" }
    return styled(text, escape: PolybarEncoder.escape, drawn: drawn)
  }

  /// tmux's style tags: the elapsed cells `#[fg=#track]`, the partly filled cell on
  /// `#[bg=#track]`; `color` is restored after them.
  func tmux(_ text: String, color: HexColor) -> String {
    guard HexColor(track) != nil else { return TmuxEncoder.escape(text) }
    var drawn = filled
    if !partial.isEmpty { drawn += "#[bg=" + track + "]" + partial + "#[bg=default]" }
    if !elapsed.isEmpty { drawn += "#[fg=" + track + "]" + elapsed + "#[fg=" + color.hex + "]" }
    return styled(text, escape: TmuxEncoder.escape, drawn: drawn)
  }
}
