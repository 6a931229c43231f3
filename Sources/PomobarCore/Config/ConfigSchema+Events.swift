/// The tables of `ConfigSchema` with a key per hook event: `[hooks]`, `[sound]`, and
/// `[notifications]` beside them.
extension ConfigSchema {
  static let hooks = ConfigTable(
    name: "hooks",
    doc: """
      Shell commands (a string or an array of strings) run with `sh -c` at each event, once,
      by whichever copy of pomobar made the change. None are set by default.

      Events, in the order one change runs them: an action's own event first (skip, stop,
      reset, extend, shorten, void, away, back, project, interrupt), then the end of the
      phase it ends, then the start of the next; every end runs before the next start, so
      do-not-disturb goes off and on again, never the reverse.
        focus-start, focus-end     any focus; focus-end however it ends (run out, skipped,
                                   stopped, reset, voided, abandoned by a suspend)
        focus-done                 a focus that ran out on its own (or a Flowtime focus you
                                   ended into its break), right after its focus-end
        break-start, break-end     every break, short or long
        long-break-start/-end      a long break, in addition to (right after) break-start/-end
        pause, resume, skip, stop, reset, extend, shorten   the actions, when they change
                                   something (shorten to nothing also ends the phase)
        work-start, work-stop      the work clock (not for a project switch: it runs on)
        project                    another project became the active one
        interrupt, void            an interruption marked, a focus abandoned
        away, back                 `pomobar ctl away` / `back`
        any                        runs for every event, after that event's own commands
      Variables (every one is set for every event, empty when it does not apply):
        POMOBAR_EVENT          the event (for `any`, the event it runs for)
        POMOBAR_PHASE          focus, short-break, long-break; empty in idle or focus done
        POMOBAR_REASON         for ends: completed, skipped, stopped, reset, suspended, voided
        POMOBAR_NEXT_PHASE     what comes next: after a focus, its break (focus again when it
                               was stopped, reset or voided); after a break, focus
        POMOBAR_SLOT           the focus's place in the cycle (1 to long-break-every) then
        POMOBAR_COMPLETED      focus sessions run out since the last reset, this one included
        POMOBAR_DURATION       the phase's length in seconds, extensions included (a
                               Flowtime focus: its length so far, and no REMAINING)
        POMOBAR_REMAINING      seconds left (at an end: seconds not used)
        POMOBAR_ENDS_AT        when the running phase ends: ISO 8601 local time with offset,
                               e.g. 2026-11-23T14:05:09+01:00 (date -d "$POMOBAR_ENDS_AT" +%s)
        POMOBAR_PROJECT        the active project; POMOBAR_PREVIOUS_PROJECT (project event)
        POMOBAR_INTERRUPTION   internal or external; POMOBAR_NOTE   its note, or void's reason
      The commands of one change run one after another, in the order above, each with
      /dev/null on stdin and nothing else of pomobar's open. Their output, exit status and
      duration go to $XDG_STATE_HOME/pomobar/hooks.log (kept under about 2 MiB), never into
      the bar. A command that fails (exits non-zero, is not found, or is killed at the
      timeout) is one line there, and every running bar (and `pomobar status`) shows ⚠ with
      the reason in its tooltip, saying it once on its stderr, until your next action or
      that event's next successful run. `pomobar check-config` warns (FILE:LINE:COL, exit 0)
      about a command whose first program is not on PATH (builtins and commands that start
      with a variable or a substitution are not checked).
      """,
    keys: HookEvent.allCases.map { event in
      ConfigKey(
        "hooks", event.rawValue, \.hooks[event], .commands,
        example: .commented(hookExamples[event] ?? "\"true\""),
        doc: hookDocs[event] ?? "")
    } + [
      ConfigKey(
        "hooks", "timeout", \.hookTimeout, .phaseLength,
        doc: """
          A hook (or a do-not-disturb switch) still running after this long is killed with its
          whole process group; when a hook exits, what it left running in its group is ended too
          (start something with `setsid` to keep it running).
          """)
    ])

  /// The text above some events' examples in `[hooks]`.
  private static let hookDocs: [HookEvent: String] = [
    .focusStart: """

    Do-not-disturb during focus: [focus-mode] dnd below does it and restores the state
    the daemon was in; by hand, with dunst (or with mako: "makoctl mode -a do-not-disturb"
    and "makoctl mode -r do-not-disturb"):
    """,
    .focusDone: "Any event can run several commands:",
    .overdue: "[breaks] remind-after ran out without a break: lock the screen, for instance:",
  ]

  /// An example command for each event, shown commented out.
  private static let hookExamples: [HookEvent: String] = [
    .focusStart: #""dunstctl set-paused true""#,
    .focusEnd: #""dunstctl set-paused false""#,
    .focusDone: #"["notify-send 'Session $POMOBAR_COMPLETED done'", "echo done >> ~/pomo.log"]"#,
    .breakStart: #""notify-send \"$POMOBAR_PHASE until $(date -d \"$POMOBAR_ENDS_AT\" +%R)\"""#,
    .breakEnd: #""notify-send 'Back to work'""#,
    .longBreakStart: #""notify-send 'Long break: stretch your legs'""#,
    .longBreakEnd: #""true""#,
    .pause: #""echo paused at $(date +%T) >> ~/pomo.log""#,
    .resume: #""echo resumed at $(date +%T) >> ~/pomo.log""#,
    .skip: #""echo skipped $POMOBAR_PHASE >> ~/pomo.log""#,
    .stop: #""echo stopped >> ~/pomo.log""#,
    .reset: #""echo reset after $POMOBAR_COMPLETED >> ~/pomo.log""#,
    .extend: #""echo now $POMOBAR_REMAINING s left >> ~/pomo.log""#,
    .shorten: #""echo now $POMOBAR_REMAINING s left >> ~/pomo.log""#,
    .workStart: #""echo working on $POMOBAR_PROJECT >> ~/pomo.log""#,
    .workStop: #""echo stopped work >> ~/pomo.log""#,
    .project: #""echo from $POMOBAR_PREVIOUS_PROJECT to $POMOBAR_PROJECT >> ~/pomo.log""#,
    .interrupt: #""echo $POMOBAR_INTERRUPTION: $POMOBAR_NOTE >> ~/pomo.log""#,
    .void: #""echo voided: $POMOBAR_NOTE >> ~/pomo.log""#,
    .away: #""echo away >> ~/pomo.log""#,
    .back: #""echo back >> ~/pomo.log""#,
    .overdue: #""loginctl lock-session""#,
    .any: #""echo $POMOBAR_EVENT $POMOBAR_PHASE >> ~/pomo-events.log""#,
  ]

  static let notifications = ConfigTable(
    name: "notifications",
    keys: [
      ConfigKey(
        "notifications", "enabled", \.notifications.enabled, .boolean,
        doc: """
          A desktop notification when a phase runs out on its own, with buttons that act: at the
          end of a focus "Start break" and "New focus" (with auto-advance into the break: "Skip
          break" and "+5 min"); at the end of a break "Start focus" (with auto-advance into the
          focus: "Pause"). A button does what `pomobar ctl break|start|extend 5m|pause` does, but
          only while the timer is still where the notification found it. One at a time: the next
          replaces it, and acting from the bar closes it.
          """),
      ConfigKey(
        "notifications", "command", \.notifications.command, .commandLine,
        doc: """
          A notify-send compatible command line, split into words like a shell would (quotes and
          backslashes; no variables or ~), e.g. "notify-send --category=pomodoro". Called with
          these added: --app-name=pomobar --urgency=U --icon=I --hint=string:x-canonical-private-
          synchronous:pomobar [--expire-time=MS] [--action=NAME=Label...] -- TITLE BODY
          (notify-send is in libnotify-bin; --action needs libnotify 0.8, Debian 12).
          """),
      ConfigKey(
        "notifications", "urgency", \.notifications.urgency, .choice,
        doc: "\"low\", \"normal\" or \"critical\" (most daemons keep a critical one until you close it)."),
      ConfigKey(
        "notifications", "icon", \.notifications.icon, .stringOrEmpty,
        doc: """
          An icon file or a theme icon name; "" means pomobar's tomato where it is installed
          (icons/hicolor/scalable/apps/pomobar.svg under $XDG_DATA_HOME or $XDG_DATA_DIRS, see
          contrib/icons/), else the theme icon "appointment-soon".
          """),
      ConfigKey(
        "notifications", "timeout", \.notifications.timeout, .phaseLengthOrFalse,
        doc: "How long the notification stays, e.g. \"20s\"; false leaves it to the daemon."),
      ConfigKey(
        "notifications", "actions", \.notifications.actions, .boolean,
        doc: "The buttons; false sends a plain notification (and notify-send does not wait)."),
      ConfigKey(
        "notifications", "focus-done-title", \.notifications.focusDoneTitle, .text,
        doc: """
          The texts, with placeholders: {next} (the next phase: "short break", "long break",
          "focus"), {duration} (its length, "5 min"), {completed} (focus sessions completed
          since the last reset), {project} (the active project, or nothing), {task} (the
          focus's task, or nothing; without it in a focus's text, the body's first line says
          the task). {{ and }} are braces; any other {name} is a config error.
          """),
      ConfigKey("notifications", "focus-done-body", \.notifications.focusDoneBody, .text),
      ConfigKey("notifications", "break-done-title", \.notifications.breakDoneTitle, .text),
      ConfigKey("notifications", "break-done-body", \.notifications.breakDoneBody, .text),
    ])

  static let sound = ConfigTable(
    name: "sound",
    keys: [
      ConfigKey(
        "sound", "enabled", \.sound.enabled, .boolean,
        doc: """
          A sound at chosen events, played by a player started for that sound alone (it never
          keeps the audio device open between sounds), in a runner of its own, so a slow hook
          never delays it; a player still running after `timeout` is killed. One change plays
          at most its last two sounds, one after another (a catch-up over phases that ended
          while nothing ran does not replay them all).
          """),
      ConfigKey(
        "sound", "volume", \.sound.volume, .integer(0...100),
        doc: """
          0 to 100. pw-play gets --volume=0.50, paplay --volume=32768 (of 65536),
          canberra-gtk-play -V -6.0 (dB); aplay has no volume option (it plays at the mixer's
          level); your own command gets POMOBAR_VOLUME in its environment.
          """),
      ConfigKey(
        "sound", "command", \.sound.command, .commandLineOrEmpty,
        doc: """
          The player and its arguments, split like a shell would, the sound's file added last.
          "" (the default) picks the first of pw-play (pipewire-bin), paplay (pulseaudio-utils),
          aplay (alsa-utils) found on PATH, or else canberra-gtk-play (gnome-session-canberra),
          which also plays theme names whose file is not installed.
          """),
      ConfigKey(
        "sound", "timeout", \.sound.timeout, .phaseLength,
        doc: "A player still running after this long is killed with its process group."),
    ]
      + SoundSettings.events.map { event in
        ConfigKey(
          "sound", event.rawValue, \.sound.sounds[event], ConfigValue.string.optional,
          example: soundExamples[event].map { .commented($0) } ?? .value,
          doc: event != SoundSettings.events[0]
            ? ""
            : """
            What to play at each event (the event names of [hooks], except any): a file path (it
            has a /; a leading ~/ is your home folder) or a name from the freedesktop sound theme:
            sounds/freedesktop/stereo/NAME.oga (.ogg, .wav) under $XDG_DATA_HOME and
            $XDG_DATA_DIRS (Debian: sound-theme-freedesktop, /usr/share/sounds/freedesktop/stereo:
            complete, bell, alarm-clock-elapsed, message, ...). "" plays nothing. A sound that
            cannot be played (no file, no player) is silence, said once in hooks.log: a bar has no
            terminal bell to fall back on (its stdout is the bar's protocol). `pomobar check-config`
            warns about such a sound (FILE:LINE:COL when it is written in the file).
            Set by default: focus-done and break-end (break-end also plays when you end a break
            yourself); the others are off, shown here with examples.
            """)
      })

  /// Examples for the events that have no sound by default, shown commented out.
  private static let soundExamples: [HookEvent: String] = [
    .focusStart: #""~/sounds/wind-up.wav""#, .breakStart: #""message""#,
    .longBreakStart: #""alarm-clock-elapsed""#, .longBreakEnd: #""bell""#,
  ].merging(
    SoundSettings.events.filter { !SoundSettings().sounds.keys.contains($0) }.map { ($0, #""""#) }
  ) { own, _ in own }
}
