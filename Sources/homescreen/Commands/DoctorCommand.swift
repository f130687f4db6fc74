import ArgumentParser
import Foundation
import HomescreenCommandLine
import HomescreenServeOptions
import HomescreenRender
import HomescreenRuntime
import HomescreenPostgres
import HomescreenStore
import HomescreenTerminal
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets

struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the terminal, locale, colors, themes and store, in plain words.",
        discussion: "Exits 1 when the store cannot be used or a summary table disagrees with its rows (unless --repair rebuilt it), 0 otherwise."
    )

    @OptionGroup var storeOptions: StoreOptions

    @Flag(help: "Rebuild the summary tables (the pantry's productDue, the budget's monthTotal) from their source rows when they disagree.")
    var repair = false

    func run() throws {
        let environment = storeOptions.environment
        var healthy = true
        func report(_ label: String, _ text: String) { Output.line(DisplayWidth.pad(label, to: max(10, label.count + 1)) + SafeText.clean(text)) }
        // A kind's text of several lines (the calendar's vdirs and their skipped files): each
        // line under the kind's label, as the other sections lay out theirs.
        func reportKind(_ label: String, _ text: String) {
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() { report(index == 0 ? label : "", String(line)) }
        }

        let term = environment["TERM"] ?? ""
        report("terminal", (isatty(STDOUT_FILENO) == 1 ? "stdout is a terminal" : "stdout is not a terminal")
               + (term.isEmpty ? ", TERM is not set" : ", TERM=\(term)") + (environment["TMUX"] != nil ? ", inside tmux" : ""))
        let depth = ColorDepth.detect(environment: environment)
        let why = environment["NO_COLOR"].map { $0.isEmpty ? "" : " (NO_COLOR is set)" } ?? ""
        report("colors", "\(depth.rawValue)\(why); override with --colors")
        let localeVariable = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0].flatMap { $0.isEmpty ? nil : $0 } }.first ?? ""
        let utf8 = localeVariable.uppercased().replacingOccurrences(of: "-", with: "").contains("UTF8")
        report("locale", (localeVariable.isEmpty ? "no locale set" : localeVariable) + (utf8 ? ", UTF-8" : ", not UTF-8: the dashboard will draw with ASCII"))
        if !LocaleEnvironment.replaced.isEmpty {
            report("", "\(LocaleEnvironment.replaced.joined(separator: ", ")) is not a locale name; C.UTF-8 is used instead")
        }
        // The interface's language as the dashboard, render and notify choose it: the config's
        // `locale` first (doctor said the environment's, and worded reminders in it).
        let language = (try? DashboardConfig.load(path: DashboardConfig.defaultPath(environment: environment), explicit: false, catalog: .standard))?.language
            ?? Language.fromEnvironment(environment)
        report("language", language.rawValue + " (en, fr, it, vi; --locale to choose)")
        let zone = storeOptions.timeZone
        report("timezone", zone.identifier)
        if let named = environment["TZ"], !named.isEmpty, Zone(tz: named) == nil {
            report("", "TZ '\(SafeText.clean(named))' names no zone of \(Zone.databaseDirectory) and is no POSIX rule; the system's zone is used instead (set TZ to a name such as Europe/Zurich)")
        }
        if Zone.knownIdentifiers == ["UTC"] {
            report("", "no time zone database in \(Zone.databaseDirectory): every time is UTC (install tzdata)")
        }
        report("themes", storeOptions.themeLibrary.names().joined(separator: ", "))
        let configPath = DashboardConfig.defaultPath(environment: environment)
        var loadedConfig: DashboardConfig?
        if !FileManager.default.fileExists(atPath: configPath) {
            report("config", configPath + " (does not exist: the defaults are used)")
        } else {
            do {
                let config = try DashboardConfig.load(path: configPath, explicit: false, catalog: .standard)
                loadedConfig = config
                if let theme = config.theme, !storeOptions.themeLibrary.names().contains(theme) {
                    report("config", "\(configPath): theme = \"\(theme)\" is not a theme; the commands that read the config refuse to start")
                } else {
                    report("config", configPath + " (exists, valid)")
                }
            } catch let error as ConfigError {
                report("config", error.description + " The commands that read the config refuse to start.")
            }
        }
        let statePath = RememberedChoices.defaultPath(environment: environment)
        if FileManager.default.fileExists(atPath: statePath) {
            let remembered = RememberedChoices.load(path: statePath)
            report("state", statePath + (remembered.ignored.map { ": \($0)." }
                ?? " (exists: theme \(remembered.theme ?? "not chosen"), privacy \(remembered.privacy == true ? "on" : "off"))"))
        } else {
            report("state", statePath + " (does not exist yet: written when you change the theme or privacy on the dashboard)")
        }
        reportBackground(config: loadedConfig, remembered: RememberedChoices.load(path: statePath), report: report)
        reportServe(environment: environment, report: report)
        for (label, line) in BudgetSource.doctor(loadedConfig?.widgetSettings ?? WidgetSettings(), store: try? storeOptions.openForReading(), environment: environment) { report(label, line) }

        let path = storeOptions.storePath
        if let problem = CLIError.message(of: { _ = try storeOptions.location() }) {
            report("store", problem)
            healthy = false
        } else if StoreLocation.isServer(path) {
            do {
                let store = try storeOptions.openForReading()
                report("store", "\(store.path) (PostgreSQL), \(try store.integrityCheck())")
                report("deadline", "\(Int(PostgresStore.roundTrip)) s for each round trip to the server; past it the change is given up, not saved, and the dashboard says so")
                for feature in WidgetCatalog.configured.features {
                    if let line = try feature.doctor(store) { reportKind(feature.kind.rawValue, line) }
                }
                if !(try checkSummaries(store, report: report)) { healthy = false }
                reportReminders(config: loadedConfig, store: store, report: report)
            } catch {
                report("store", CLIError(error).message)
                healthy = false
            }
        } else if !FileManager.default.fileExists(atPath: path) {
            report("store", "\(path) does not exist yet; it is created on the first write (or run `homescreen demo`)")
            for feature in WidgetCatalog.configured.features {
                if let line = feature.doctorBeforeStore() { reportKind(feature.kind.rawValue, line) }
            }
        } else {
            do {
                let store = try Store.openReadOnly(at: path)
                let attributes = try? FileManager.default.attributesOfItem(atPath: path)
                let permissions = attributes?[.posixPermissions] as? Int
                let mode = permissions.map { String($0, radix: 8) } ?? "?"
                let integrity = try store.integrityCheck()
                report("store", "\(path), schema \(try store.schemaVersion()), mode \(mode), integrity \(integrity)")
                if let upgrade = store.schemaUpgrade { report("", upgrade.description) }
                report("deadline", "\(Int(Store.busyTimeout)) s for a change to wait for another program's; past it the change is given up, not saved, and the dashboard says so")
                let setAside = try store.setAsideRows()
                if !setAside.isEmpty {
                    report("set aside", "\(setAside.count) rows broke the rules when the store was made strict and were kept in the table setAsideRow; "
                        + "the first: \(setAside[0].table) \(setAside[0].content) (\(setAside[0].reason))")
                }
                for feature in WidgetCatalog.configured.features {
                    if let line = try feature.doctor(store) { reportKind(feature.kind.rawValue, line) }
                }
                if !(try checkSummaries(store, report: report)) { healthy = false }
                reportReminders(config: loadedConfig, store: store, report: report)
                if integrity != "ok" { healthy = false }
                if let permissions, permissions & 0o077 != 0 { report("", "other users can read the store; chmod 600 \(path) keeps it private") }
            } catch {
                report("store", CLIError(error).message)
                healthy = false
            }
        }
        if !healthy { throw ExitCode.failure }
    }

    /// Each table a kind's rules keep (a running total) compared with its source rows: one that
    /// differs is named with the repair, or with `--repair` made again from them (in one
    /// transaction). - Returns: whether every summary agrees now.
    func checkSummaries(_ store: any StoreBackend, report: (String, String) -> Void) throws -> Bool {
        var agreed = true
        for data in WidgetCatalog.standard.data {
            let damaged = try store.damagedSummaries(data)
            guard !damaged.isEmpty else { continue }
            if repair { try storeOptions.openForWriting().rebuildSummaries(data) }
            for damage in damaged {
                let (table, source) = (damage.table.rawValue, damage.source.rawValue)
                let rows = "\(damage.rows) " + Language.english.plural(damage.rows, one: "row", other: "rows")
                if repair {
                    report("summary", "\(table): \(rows) disagreed with the rows of \(source); rebuilt from them")
                } else {
                    report("summary", "\(table): \(rows) \(damage.rows == 1 ? "disagrees" : "disagree") with the rows of \(source) (another program wrote them); "
                        + "`homescreen doctor --repair` rebuilds it from them")
                    agreed = false
                }
            }
        }
        return agreed
    }

    /// The reminder rules as the config sets them, the channels and whether each can deliver
    /// here, and the next reminder `homescreen notify` will deliver (due now, or the first day
    /// of the next 60 on which one falls due, with the store as it is).
    func reportReminders(config: DashboardConfig?, store: any StoreBackend, report: (String, String) -> Void) {
        let reminders = config?.reminders ?? ReminderConfig(), environment = storeOptions.environment
        report("reminders", WidgetCatalog.standard.reminderSettings.map { "\($0.name) = \($0.value(in: reminders.settings))" }.joined(separator: ", "))
        for channel in reminders.channels {
            let problem = ReminderSender.availability(channel, command: reminders.command, environment: environment)
            let passthrough = (channel == .osc9 || channel == .osc777) && environment["TMUX"] != nil ? " (inside tmux: with set -g allow-passthrough on)" : ""
            report("", "channel \(channel.rawValue): " + (problem.map { "cannot deliver now (\($0))" } ?? "ready" + passthrough))
        }
        let timeZone = storeOptions.timeZone, now = Date()
        let context = { (date: Date) in
            ReminderContext(now: date, timeZone: timeZone, language: config?.language ?? Language.fromEnvironment(environment), locale: FormattingLocale(identifier: "en_US_POSIX"),
                            privacy: false, settings: reminders.settings, widgetSettings: config?.widgetSettings ?? WidgetSettings())
        }
        do {
            let ledger = ReminderLedger(store)
            if let first = try ledger.unsent(WidgetCatalog.standard.reminders(store, context(now)).due).first {
                report("", "due now: \(first.title) (homescreen notify delivers it)")
                return
            }
            var day = LocalDate(now, in: timeZone)
            for _ in 0..<60 {
                day = day.adding(days: 1)
                if let first = try ledger.unsent(WidgetCatalog.standard.reminders(store, context(day.start(in: timeZone))).due).first {
                    report("", "next: \(day.iso): \(first.title)")
                    return
                }
            }
            report("", "next: none in the next 60 days with the store as it is")
        } catch {
            report("", "the reminders could not be read (\(CLIError(error).message))")
        }
    }

    /// `homescreen serve`'s host key (its fingerprint, as `ssh-keygen -lf` prints it: asked of
    /// homescreen-serve, which has the hash; the key is never made here) and the household's
    /// keys (how many it takes, and the lines it does not).
    func reportServe(environment: [String: String], report: (String, String) -> Void) {
        let hostKey = ServeOptions.defaultHostKey(environment: environment)
        let server = ServeOptions.executableFolder().appendingPathComponent("homescreen-serve").path
        if !FileManager.default.fileExists(atPath: hostKey) {
            report("ssh", "\(hostKey) does not exist yet: homescreen serve makes it on first run")
        } else if let fingerprint = Self.output(of: server, ["--fingerprint", "--host-key", hostKey]) {
            report("ssh", "host key \(hostKey): \(fingerprint.trimmingCharacters(in: .whitespacesAndNewlines))")
        } else {
            report("ssh", "host key \(hostKey) cannot be read by \(server)")
        }
        let keysPath = ServeOptions.defaultAuthorizedKeys(environment: environment)
        guard let text = try? String(contentsOfFile: keysPath, encoding: .utf8) else {
            report("", "\(keysPath) does not exist: only guests (ssh demo@…) can log in")
            return
        }
        // As homescreen serve reads it: keys its options refuse, and each key's restrictions, by line.
        if let unsafe = AuthorizedKeysFile.unsafe(keysPath) {
            report("", "\(keysPath) \(unsafe)")
            return
        }
        let file = AuthorizedKeysFile.parse(text)
        let rsa = file.problems.filter(\.isRSAOrDSA)
        let byOptions = file.problems.filter { $0.option != nil }
        report("", "\(keysPath): \(file.entries.count) household \(file.entries.count == 1 ? "key" : "keys")"
               + (rsa.isEmpty ? "" : "; \(rsa.count) RSA or DSA \(rsa.count == 1 ? "key is" : "keys are") not taken (use Ed25519 or ECDSA)")
               + (byOptions.isEmpty ? "" : "; \(byOptions.count) refused by \(byOptions.count == 1 ? "its options" : "their options")"))
        for problem in byOptions {
            report("", "\(keysPath) line \(problem.line): option \(problem.option ?? "?"): \(problem.reason)")
        }
        for entry in file.entries where !entry.options.summary.isEmpty {
            report("", "\(keysPath) line \(entry.line): \(entry.options.summary)")
        }
    }

    /// What a program printed, when it ran and succeeded.
    static func output(of program: String, _ arguments: [String]) -> String? {
        guard FileManager.default.isExecutableFile(atPath: program) else { return nil }
        let process = Process(), pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        (process.standardOutput, process.standardError) = (pipe, FileHandle.nullDevice)
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }

    /// The terminal's background as the dashboard would learn it, the themes `t` offers on it,
    /// and a remembered theme that does not fit it (not applied at the next start: said why).
    func reportBackground(config: DashboardConfig?, remembered: RememberedChoices, report: (String, String) -> Void) {
        let environment = storeOptions.environment
        let detected = DetectedBackground.detect(configured: config?.background, configPath: config?.path,
                                                 ask: { BackgroundQuery.ask()?.background }, environment: environment)
        let library = storeOptions.themeLibrary
        let themes = library.names().compactMap { try? library.theme(named: $0) }
        let offered = ThemeFitting.fitting(themes, detected.background).map(\.name).joined(separator: ", ")
        if let background = detected.background {
            report("background", "\(background.rawValue) (\(detected.source)); t and T offer the themes readable on it: \(offered)")
        } else {
            report("background", "unknown (no answer to OSC 11, no COLORFGBG); t and T offer those not made for light backgrounds only: \(offered); "
                   + "background = \"dark\" or \"light\" in the config says it")
        }
        let start = ThemeFitting.start(themes: themes, option: nil, remembered: remembered.theme, configured: config?.theme, detected: detected)
        if let notice = start.notice { report("", notice + " (The dashboard says so when it starts.)") }
    }
}
