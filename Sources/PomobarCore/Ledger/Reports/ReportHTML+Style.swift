/// The HTML report's style sheet: the look's colours as custom properties, light or dark
/// by `prefers-color-scheme`, and a print sheet for A4 (light, no wasted margins, no
/// section cut across pages).
extension ReportHTMLEncoder {
  /// The page's style sheet; `chartOnly`: what the day chart needs, for `--svg`.
  func styleSheet(chartOnly: Bool = false) -> String {
    var out = ":root{color-scheme:light dark;" + variables(look.light) + "}\n"
    out += "@media (prefers-color-scheme:dark){:root{" + variables(look.dark) + "}}\n"
    out += "@media print{:root{color-scheme:light;" + variables(look.light) + "}}\n"
    for index in look.light.projects.indices {
      out += ".f\(index){fill:var(--p\(index))}"
    }
    out += "\n"
    out += """
      svg text{fill:var(--muted);font:11px system-ui,sans-serif}svg .legend-text{fill:var(--fg)}
      .grid{stroke:var(--grid);stroke-width:1}

      """
    guard !chartOnly else { return out }
    out += """
      body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,-apple-system,"Segoe UI",\
      Roboto,"Noto Sans","DejaVu Sans",sans-serif}
      main{max-width:60rem;margin:0 auto;padding:1.5rem 1.25rem 3rem}
      h1{font-size:1.7rem;margin:0 0 .2rem}h2{font-size:1.15rem;margin:2rem 0 .6rem;\
      border-bottom:1px solid var(--grid);padding-bottom:.25rem}
      .period,footer,caption,.legend{color:var(--muted)}
      .cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(10.5rem,1fr));gap:.75rem;margin:0}
      .card{border:1px solid var(--grid);border-radius:.5rem;padding:.6rem .8rem}
      .card h3{font-size:.85rem;font-weight:normal;color:var(--muted);margin:0}
      .card p{margin:0;font-size:.85rem;color:var(--muted)}
      .card p.big{font-size:1.6rem;font-weight:600;color:var(--fg);font-variant-numeric:tabular-nums}
      .big small{font-size:.9rem;font-weight:normal;color:var(--muted)}
      figure{margin:0 0 .75rem}svg{display:block;width:100%;height:auto}
      .track{fill:var(--grid);opacity:.5}
      .fo{fill:var(--focus)}.faint{opacity:.35}.fx{fill:var(--muted)}
      .o0{fill:var(--focus)}.o1{fill:var(--muted)}.o2{fill:#D5A81E}.o3{fill:var(--grid)}
      .h0{fill:var(--h0)}.h1{fill:var(--h1)}.h2{fill:var(--h2)}.h3{fill:var(--h3)}.h4{fill:var(--h4)}
      .scroll{overflow-x:auto}
      table{border-collapse:collapse;margin:.5rem 0 1rem;font-variant-numeric:tabular-nums;font-size:.9rem}
      caption{text-align:left;font-size:.85rem;padding-bottom:.25rem}
      th,td{padding:.2rem .7rem .2rem 0;text-align:right;border-bottom:1px solid var(--grid);white-space:nowrap}
      th[scope=row],thead th:first-child{text-align:left}td.share{text-align:left}
      svg.swatch{display:inline-block;width:.75em;height:.75em;margin-right:.4em;vertical-align:baseline}
      svg.bar{display:inline-block;width:6rem;height:.6em;margin-right:.5em;vertical-align:middle}
      thead th{white-space:normal;max-width:8rem;vertical-align:bottom}
      table.days{font-size:.8rem}table.days th,table.days td{padding-right:.5rem}
      .visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;\
      clip:rect(0 0 0 0);white-space:nowrap;border:0}
      footer{margin-top:2rem;font-size:.8rem}
      @media print{@page{size:A4;margin:12mm}body{font-size:10pt;-webkit-print-color-adjust:exact;\
      print-color-adjust:exact}main{max-width:none;padding:0}section{break-inside:avoid}\
      h2{break-after:avoid;margin-top:1.2rem}.scroll{overflow:visible}table.days{font-size:7pt}}

      """
    return out
  }

  func variables(_ scheme: ReportHTMLLook.Scheme) -> String {
    let dark = Colors.isDark(scheme.background)
    var out = "--bg:\(HTMLText.color(scheme.background, fallback: "#FFFFFF"));"
    out += "--fg:\(HTMLText.color(scheme.text, fallback: "#000000"));"
    out += "--muted:\(HTMLText.color(scheme.muted, fallback: "#777777"));"
    out += "--focus:\(HTMLText.color(scheme.focus, fallback: "#E54D2E"));"
    out += "--grid:\(dark ? "#44403C" : "#E7E5E4");"
    // The heatmap's greens, from none to 4 h and more (GitHub's, which read in both).
    let greens =
      dark
      ? ["#2D333B", "#0E4429", "#006D32", "#26A641", "#39D353"]
      : ["#EBEDF0", "#9BE9A8", "#40C463", "#30A14E", "#216E39"]
    for (level, green) in greens.enumerated() { out += "--h\(level):\(green);" }
    for (index, color) in scheme.projects.enumerated() {
      out += "--p\(index):\(HTMLText.color(color, fallback: ReportChartEncoder.noProjectColor));"
    }
    return out
  }
}
