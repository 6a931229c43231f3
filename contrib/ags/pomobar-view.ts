// What the pomobar widget shows, from a line of `pomobar watch` (docs/watch.md, "v": 1)
// and the time now. No imports: the same file type-checks and runs anywhere (the
// project's tests run it with node on the real binary's lines).

/** One line of `pomobar watch`. */
export interface WatchLine {
  v: number
  at: number
  phase: "idle" | "focus" | "focus-done" | "short-break" | "long-break"
  paused: boolean
  urgent: boolean
  remaining: number
  total: number
  deadline: number | null
  cycle: { slot: number; of: number }
  color: string
  classes: string[]
  work: {
    running: boolean
    since: number | null
    project: string | null
    color: string
    today: number
    total: number
    tags: string[]
  } | null
  project: string | null
  tags: string[]
  note: string | null
  problem: string | null
}

/** pomobar's `braille` ring, from empty to full. */
export const ring = ["⠀", "⠁", "⠃", "⠇", "⡇", "⣇", "⣧", "⣷", "⣿"]

/** Seconds left at `now` (Unix ms): counted from the deadline while the phase runs. */
export function remaining(line: WatchLine, now: number): number {
  if (line.deadline === null) return line.remaining
  return Math.max(0, Math.ceil((line.deadline - now) / 1000))
}

/** The ring glyph for the time left, as pomobar draws it. */
export function glyph(line: WatchLine, now: number): string {
  if (line.phase === "focus-done") return "✓"
  const left = remaining(line, now)
  if (line.total <= 0 || left <= 0) return ring[0]
  const steps = ring.length - 1
  return ring[Math.max(1, Math.min(steps, Math.ceil((left / line.total) * steps)))]
}

/** `⣿ 24:13`, `⡇ 10:00 ⏸`, `✓ done`; ` ⚠` while something is wrong. */
export function text(line: WatchLine | null, now: number): string {
  if (line === null) return "…"
  const warning = line.problem !== null ? " ⚠" : ""
  if (line.phase === "focus-done") return `${glyph(line, now)} done${warning}`
  const left = remaining(line, now)
  const clock = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`
  return `${glyph(line, now)} ${clock}${line.paused ? " ⏸" : ""}${warning}`
}

/** Milliseconds to the next whole second before the deadline: when the text next changes. */
export function nextTick(line: WatchLine, now: number): number | null {
  if (line.deadline === null || line.deadline <= now) return null
  return (line.deadline - now) % 1000 || 1000
}
