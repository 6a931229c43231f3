extension BarView {
  /// `text` with each `{bar}` in it drawn in colour: the other pieces go through `escape`,
  /// the bar's parts through `style` (time left, the partly filled cell, the elapsed cells).
  ///
  /// Encoders that colour the bar (Pango markup, polybar and tmux tags) share this; the bar
  /// is found as its plain form in the text, which only `{bar}` writes (block elements).
  func styled(
    _ text: String, escape: (String) -> String,
    style: (_ filled: String, _ partial: String, _ elapsed: String) -> String
  ) -> String {
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
        out += style(filled, partial, elapsed)
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
  /// Pango markup for i3bar, swaybar and waybar: the time left in `color` (the phase's),
  /// the partly filled cell on a track-coloured background, the elapsed cells in the track
  /// colour; the rest of `text` escaped.
  func pango(_ text: String, color: String) -> String {
    guard let color = HexColor(color)?.hex, let track = HexColor(track)?.hex else {
      return WaybarEncoder.escapeMarkup(text)
    }
    return styled(text, escape: WaybarEncoder.escapeMarkup) { filled, partial, elapsed in
      var out = ""
      if !filled.isEmpty { out += "<span foreground=\"\(color)\">\(filled)</span>" }
      if !partial.isEmpty {
        out += "<span foreground=\"\(color)\" background=\"\(track)\">\(partial)</span>"
      }
      if !elapsed.isEmpty { out += "<span foreground=\"\(track)\">\(elapsed)</span>" }
      return out
    }
  }
}

extension BarView {
  /// Polybar's tags: the elapsed cells `%{F#track}`, the partly filled cell on `%{B#track}`;
  /// `color` (the text's own) is restored after them.
  func polybar(_ text: String, color: HexColor) -> String {
    guard let track = HexColor(track)?.hex else { return PolybarEncoder.escape(text) }
    return styled(text, escape: PolybarEncoder.escape) { filled, partial, elapsed in
      var out = filled
      if !partial.isEmpty { out += "%{B\(track)}\(partial)%{B-}" }
      if !elapsed.isEmpty { out += "%{F\(track)}\(elapsed)%{F\(color.hex)}" }
      return out
    }
  }

  /// tmux's style tags: the elapsed cells `#[fg=#track]`, the partly filled cell on
  /// `#[bg=#track]`; `color` is restored after them.
  func tmux(_ text: String, color: HexColor) -> String {
    guard let track = HexColor(track)?.hex else { return TmuxEncoder.escape(text) }
    return styled(text, escape: TmuxEncoder.escape) { filled, partial, elapsed in
      var out = filled
      if !partial.isEmpty { out += "#[bg=\(track)]\(partial)#[bg=default]" }
      if !elapsed.isEmpty { out += "#[fg=\(track)]\(elapsed)#[fg=\(color.hex)]" }
      return out
    }
  }
}
