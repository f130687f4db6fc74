import Foundation
import HomescreenHosting
import HomescreenRender
import HomescreenRuntime
import HomescreenWidgets

extension WidgetCatalog {
    /// The build's kinds and the config file's `[[widget]]` ones: the kinds `render`, `status`,
    /// `timeline` and `doctor` name. The file (`--config`, else the default) is read whole only
    /// when it declares a widget; a file that cannot be read gives the build's kinds (the
    /// commands that read it report why).
    static let configured: WidgetCatalog = {
        let arguments = CommandLine.arguments, environment = ProcessInfo.processInfo.environment
        var path = DashboardConfig.defaultPath(environment: environment)
        for (index, argument) in arguments.enumerated() {
            if argument == "--config", index + 1 < arguments.count { path = arguments[index + 1] }
            if argument.hasPrefix("--config=") { path = String(argument.dropFirst("--config=".count)) }
        }
        guard case .contents(let data) = BoundedFile.read(path, limit: DashboardConfig.maximumBytes),
              String(decoding: data, as: UTF8.self).contains("[[widget]]"),
              let config = try? DashboardConfig.load(path: path, explicit: true, catalog: .standard) else { return .standard }
        return WidgetCatalog.standard.adding(ViewOptions.forSession(config, environment: environment).declarations)
    }()
}
