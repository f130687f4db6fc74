import HomescreenHosting
import HomescreenWidgets

extension StatusCommand {
    /// The forms a status line runs every few seconds, `status [KIND...] [--format F] [--store P]`
    /// (also `--format=F`, `--store=P`), read without swift-argument-parser: building its
    /// argument sets by reflection was half of `status`'s own time (BENCHMARKS.md). Kinds must be
    /// names the catalog knows, each option given once with a value; nil for anything else, which
    /// then goes through the full parser with all its messages. The command is the one the parser
    /// would build (`StatusQuickParseTests` compares them).
    static func quick(_ arguments: [String]) -> StatusCommand? {
        var kinds: [String] = [], values: [String: String] = [:]
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("-") else {
                guard WidgetCatalog.standard.kind(named: argument) != nil else { return nil }
                kinds.append(argument)
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard ["--format", "--store"].contains(parts[0]), values[parts[0]] == nil,
                  let value = parts.count == 2 ? parts[1] : rest.popFirst(), !value.isEmpty, !value.hasPrefix("-") else { return nil }
            values[parts[0]] = value
        }
        var command = StatusCommand()
        command.kinds = kinds
        command.format = values["--format"]
        command.density = "regular"
        command.separator = nil
        command.follow = false
        var store = StoreOptions()
        store.store = values["--store"]
        command.storeOptions = store
        var view = ViewOptions()
        view.now = nil
        view.locale = nil
        view.theme = nil
        view.colors = nil
        view.dueSoonDays = nil
        view.ascii = false
        view.config = nil
        view.privacy = false
        view.demo = false
        command.viewOptions = view
        return command
    }
}
