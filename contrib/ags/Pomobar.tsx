// pomobar for AGS v2 (Astal, GTK 3): the shared timer as a widget. Copy this file and
// pomobar-view.ts into your AGS project and put <Pomobar /> in a bar. Every widget, on
// every monitor, reads the same timer through `pomobar watch`; clicks go back through
// `pomobar ctl`.
//
// `pomobar watch` prints one JSON object per change (docs/watch.md); the widget counts
// a running phase down by itself from its deadline (a Flowtime focus up from its start),
// waking once a second only then.
import { Variable, bind } from "astal"
import { Astal } from "astal/gtk3"
import { execAsync, subprocess } from "astal/process"
import { timeout } from "astal/time"
import { nextTick, text, type WatchLine } from "./pomobar-view"

const line = Variable<WatchLine | null>(null)
const now = Variable(Date.now())

subprocess(
  ["pomobar", "watch"],
  (out) => {
    try {
      line.set(JSON.parse(out) as WatchLine)
      now.set(Date.now())
    } catch (error) {
      printerr(`pomobar watch: ${error}`)
    }
  },
  (err) => printerr(`pomobar watch: ${err}`),
)

// One wake-up per second on the deadline's (or the start's) grid, only while a phase runs.
let tick: ReturnType<typeof timeout> | null = null
function schedule() {
  tick?.cancel()
  tick = null
  const current = line.get()
  const wait = current === null ? null : nextTick(current, Date.now())
  if (wait === null) return
  tick = timeout(wait, () => {
    now.set(Date.now())
    schedule()
  })
}
line.subscribe(schedule)

function ctl(...words: string[]) {
  execAsync(["pomobar", "ctl", ...words]).catch((error) => printerr(`pomobar ctl: ${error}`))
}

export default function Pomobar() {
  const shown = Variable.derive([line, now], (current, time) => text(current, time))
  return (
    <eventbox
      className={bind(line).as((current) => ["pomobar", ...(current?.classes ?? [])].join(" "))}
      onClick={(_, event) => {
        if (event.button === Astal.MouseButton.PRIMARY) ctl("toggle")
        else if (event.button === Astal.MouseButton.SECONDARY) ctl("skip")
        else if (event.button === Astal.MouseButton.MIDDLE) ctl("stop")
      }}
      onScroll={(_, event) => ctl(event.delta_y < 0 ? "extend" : "shorten")}
      onDestroy={() => shown.drop()}
    >
      <label
        label={bind(shown)}
        css={bind(line).as((current) => `color: ${current?.color ?? "#8B8D98"};`)}
        tooltipText={bind(line).as((current) => current?.problem ?? current?.phase ?? "")}
      />
    </eventbox>
  )
}
