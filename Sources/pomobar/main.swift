import PomobarCommands
import PomobarSystem

// pomobar: a Pomodoro timer for Linux status bars.
//
// The table of contents: each command of the line and the function that runs it. The
// commands live in PomobarCommands (one file each); the work is done by PomobarCore (pure
// logic) and PomobarSystem (the outside world).

let status: Int32
do {
  let command = try Arguments.parse(Array(CommandLine.arguments.dropFirst()))
  switch command {
  case .run(let options): status = RunCommand.run(options)
  case .ctl(.awayWas(let answer, let project), let options, nil):
    status = CtlCommand.run(answering: answer, as: project, options)
  case .ctl(let action, let options, nil): status = CtlCommand.run(action, options)
  case .ctl(let action, let options, let moment?): status = CtlCommand.run(action, at: moment, options)
  case .pickTask(let options, let keepProject): status = TaskCommand.pick(options, keepProject: keepProject)
  case .status(let options): status = StatusCommand.run(options)
  case .watch(let options): status = WatchCommand.run(options)
  case .idleWatch(let after, let config): status = IdleWatchCommand.run(after: after, configPath: config)
  case .report(let request): status = ReportCommand.run(request)
  case .projects(let options, let only): status = ProjectsCommand.run(options, only: only)
  case .themes(let request): status = ThemesCommand.run(request)
  case .checkConfig(let path): status = CheckConfigCommand.run(path)
  case .configExample: status = CheckConfigCommand.example()
  case .help(let topic): status = Help.print(topic)
  case .version: status = Help.printVersion()
  case .dumpCommands: status = CommandDump.print()
  case .effects(let job): status = EffectSupervisor.run(job)
  case .notify(let job): status = NotifyCommand.run(job)
  case .doNotDisturb(let arguments): status = DoNotDisturb.run(arguments)
  case .taskWriteBack(let arguments): status = TaskWriteBackRunner.run(arguments)
  case .taskwarriorHook: status = TaskwarriorHookCommand.run()
  case .ledger(let command): status = LedgerCommands.run(command)
  }
} catch {
  Console.usage("\(error.message)\n\(error.hint)")
  status = ExitCode.usage
}
Processes.exit(status)
