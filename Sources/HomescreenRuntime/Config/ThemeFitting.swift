import HomescreenRender
import HomescreenWidgetCore

/// The terminal's background as the dashboard learns it, and where from: the config's
/// `background` key, else the terminal's answer to OSC 11, else `COLORFGBG`, else unknown
/// (every theme is then offered, as before detection).
public struct DetectedBackground: Equatable, Sendable {
    public let background: TerminalBackground?
    /// Where it comes from, for messages and `doctor` ("the terminal's answer to OSC 11").
    public let source: String

    public init(background: TerminalBackground?, source: String) {
        self.background = background
        self.source = source
    }

    public static let unknown = DetectedBackground(background: nil, source: "unknown")

    /// Detects in order: `configured` (the config file's key; nil for "auto"), then `ask` (the
    /// OSC 11 query, only made when the config leaves it to detection), then `COLORFGBG`.
    public static func detect(configured: TerminalBackground?, configPath: String?, ask: () -> TerminalBackground?,
                              environment: [String: String]) -> DetectedBackground {
        if let configured { return DetectedBackground(background: configured, source: "background = \"\(configured.rawValue)\" in \(configPath ?? "the config file")") }
        if let answered = ask() { return DetectedBackground(background: answered, source: "the terminal's answer to OSC 11") }
        if let value = environment["COLORFGBG"], let named = TerminalBackground.fromCOLORFGBG(value) {
            return DetectedBackground(background: named, source: "COLORFGBG=\(value)")
        }
        return .unknown
    }
}

/// Which theme the dashboard starts with, and which ones `t` and `T` offer.
public enum ThemeFitting {
    /// Whether `t`, `T` and a remembered choice may use `theme` on `background`: when it is known,
    /// the themes that fit it; when it is unknown, those that are readable on a dark terminal
    /// too (most are dark): not a theme made for light backgrounds only, which on a dark one
    /// is unreadable and would be remembered (issue 51). `--theme`, the config's `theme` and its
    /// `background = "light"` still choose one.
    public static func offered(_ theme: Theme, on background: TerminalBackground?) -> Bool {
        background == nil ? theme.fit != .light : theme.fits(background)
    }

    /// The themes offered on `background`, in their order.
    public static func fitting(_ themes: [Theme], _ background: TerminalBackground?) -> [Theme] {
        themes.filter { offered($0, on: background) }
    }

    /// The index `t` moves to from `index`: the next theme offered on the background, wrapping
    /// around; `index` itself when no other is.
    public static func next(after index: Int, in themes: [Theme], background: TerminalBackground?) -> Int {
        guard !themes.isEmpty else { return index }
        for step in 1...themes.count {
            let candidate = (index + step) % themes.count
            if offered(themes[candidate], on: background) { return candidate }
        }
        return index
    }

    /// The theme a dashboard starts with when nothing names one that may be used: the built-in
    /// dark theme when it fits, else a theme made for that background, else one for any.
    public static func fallback(_ themes: [Theme], _ background: TerminalBackground?) -> Theme {
        if let dark = themes.first(where: { $0.name == Theme.builtInDark.name }), dark.fits(background) { return dark }
        return themes.first { $0.fit.rawValue == background?.rawValue } ?? themes.first { $0.fits(background) } ?? themes.first ?? .builtInDark
    }

    /// The start-up theme's name and, when the remembered one was passed over, the sentence
    /// that says why. `--theme` and the config's `theme` are the user's word and are used as
    /// they are; the theme remembered from `t`/`T` is used only when it fits the background.
    public static func start(themes: [Theme], option: String?, remembered: String?, configured: String?,
                             detected: DetectedBackground, language: Language = .english) -> (name: String, notice: String?) {
        if let option { return (option, nil) }
        var notice: String?
        if let remembered, let theme = themes.first(where: { $0.name == remembered }) {
            if offered(theme, on: detected.background) { return (remembered, nil) }
            let instead = configured ?? fallback(themes, detected.background).name
            if instead != remembered { notice = passedOver(theme, detected: detected, instead: instead, language: language) }
        }
        return (configured ?? fallback(themes, detected.background).name, notice)
    }

    /// "The remembered theme 'light' is for light backgrounds and this terminal's is dark
    /// (COLORFGBG=15;0), so 'dark' is used."
    public static func passedOver(_ theme: Theme, detected: DetectedBackground, instead: String, language: Language = .english) -> String {
        guard let background = detected.background else { return language.text(passedOverUnknownText, in: .dashboard, theme.name, theme.fit.rawValue, instead) }
        return language.text(passedOverText, in: .dashboard, theme.name, theme.fit.rawValue, background.rawValue, detected.source, instead)
    }

    static let passedOverText = "The remembered theme '%1' is for %2 backgrounds and this terminal's is %3 (%4), so '%5' is used."
    static let passedOverUnknownText = "The remembered theme '%1' is for %2 backgrounds and this terminal does not say its own, so '%3' is used; background = \"%2\" in the config file says it is."
}
