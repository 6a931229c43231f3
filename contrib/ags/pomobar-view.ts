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
  /** Seconds so far of a focus that counts up (Flowtime); null for anything else. */
  elapsed: number | null
  /** Unix ms a running focus that counts up counts from; null otherwise. */
  started: number | null
}

/** pomobar's `braille` ring, from empty to full. */
export const ring = ["⠀", "⠁", "⠃", "⠇", "⡇", "⣇", "⣧", "⣷", "⣿"]

/** Seconds left at `now` (Unix ms): counted from the deadline while the phase runs. */
export function remaining(line: WatchLine, now: number): number {
  if (line.deadline === null) return line.remaining
  return Math.max(0, Math.ceil((line.deadline - now) / 1000))
}

/** Whether the line is a focus that counts up (Flowtime), running or paused. */
export function countsUp(line: WatchLine): boolean {
  return line.elapsed != null // != also for lines from a pomobar without the field
}

/** Seconds so far of a focus that counts up at `now`: counted from `started` while it runs. */
export function elapsed(line: WatchLine, now: number): number {
  if (line.started == null) return line.elapsed ?? 0
  return Math.max(0, Math.floor((now - line.started) / 1000))
}

/** The ring glyph for the time left, as pomobar draws it; `↑` for a focus that counts up. */
export function glyph(line: WatchLine, now: number): string {
  if (line.phase === "focus-done") return "✓"
  if (countsUp(line)) return "↑"
  const left = remaining(line, now)
  if (line.total <= 0 || left <= 0) return ring[0]
  const steps = ring.length - 1
  return ring[Math.max(1, Math.min(steps, Math.ceil((left / line.total) * steps)))]
}

/** `24:13`, or `1:02:03` from one hour on. */
export function clock(seconds: number): string {
  const pad = (n: number) => String(n).padStart(2, "0")
  const [hours, minutes] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60)]
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds % 60)}` : `${minutes}:${pad(seconds % 60)}`
}

/** `⣿ 24:13`, `⡇ 10:00 ⏸`, `✓ done`, `↑ 12:34` (so far); ` ⚠` while something is wrong. */
export function text(line: WatchLine | null, now: number): string {
  if (line === null) return "…"
  const warning = line.problem !== null ? " ⚠" : ""
  if (line.phase === "focus-done") return `${glyph(line, now)} done${warning}`
  const shown = countsUp(line) ? elapsed(line, now) : remaining(line, now)
  return `${glyph(line, now)} ${clock(shown)}${line.paused ? " ⏸" : ""}${warning}`
}

/**
 * Milliseconds to when the text next changes: the next whole second before the deadline,
 * or after the start of a focus that counts up; null while nothing runs.
 */
export function nextTick(line: WatchLine, now: number): number | null {
  if (line.started != null) return 1000 - ((((now - line.started) % 1000) + 1000) % 1000)
  if (line.deadline === null || line.deadline <= now) return null
  return (line.deadline - now) % 1000 || 1000
}
