import HomescreenCommandLine
import HomescreenHosting
import HomescreenWidgets

extension StatusRequest {
    /// The forms a status line runs every few seconds, `status [KIND...] [--format F] [--store P]`
    /// (also `--format=F`, `--store=P`), read without swift-argument-parser: building its
    /// argument sets (by reflection, and each option's set of names) was most of `status`'s own
    /// time (BENCHMARKS.md). Kinds must be names the catalog knows, each option given once with
    /// a value; nil for anything else, which then goes through the full parser with all its
    /// messages. The request is the one the parser's command gives (`StatusQuickParseTests`
    /// compares them).
    static func quick(_ arguments: [String]) -> StatusRequest? {
        var request = StatusRequest()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("-") else {
                guard WidgetCatalog.standard.kind(named: argument) != nil else { return nil }
                request.kinds.append(argument)
                continue
            }
            let equals = argument.firstIndex(of: "=")
            let name = equals.map { argument[..<$0] } ?? argument[...]
            guard name == "--format" || name == "--store",
                  let value = equals.map({ String(argument[argument.index(after: $0)...]) }) ?? rest.popFirst(),
                  !value.isEmpty, !value.hasPrefix("-") else { return nil }
            if name == "--format" {
                guard request.format == nil else { return nil }
                request.format = value
            } else {
                guard request.storeOptions.store == nil else { return nil }
                request.storeOptions.store = value
            }
        }
        return request
    }
}
