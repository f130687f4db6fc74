import Foundation

/// What tests read about a running process from `/proc`: its children, whether it still runs,
/// and its wake-ups.
public enum Processes {
    /// The fields of `/proc/PID/stat` after the command name (state, then the parent's pid…).
    static func stat(_ pid: pid_t) -> [Substring]? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = text.lastIndex(of: ")") else { return nil }
        return text[text.index(after: close)...].split(separator: " ")
    }

    /// The processes whose parent is `pid`.
    public static func children(of pid: pid_t) -> [pid_t] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap(Int32.init).filter { child in
            stat(child).map { $0.count > 1 && Int32($0[1]) == pid } ?? false
        }
    }

    /// Whether a process still runs (a zombie waiting to be reaped does not).
    public static func alive(_ pid: pid_t) -> Bool { stat(pid).map { $0.first != "Z" } ?? false }

    /// Context switches summed over every thread of a process: each is a wake-up.
    public static func contextSwitches(of pid: pid_t) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.reduce(0) { total, task in
            let status = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)) ?? ""
            return total + status.split(separator: "\n").filter { $0.contains("ctxt_switches:") }
                .compactMap { Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") }.reduce(0, +)
        }
    }

    /// Wake-ups in windows of `seconds` idle seconds: a second window only when the first saw
    /// any (on a loaded machine a stray one can land in a window; a timer or a spinning poll
    /// shows in both). The caller expects the last count to be 0.
    public static func idleWakeUps(of pid: pid_t, seconds: UInt32) -> [Int] {
        var counts: [Int] = []
        repeat {
            let before = contextSwitches(of: pid)
            sleep(seconds)
            counts.append(contextSwitches(of: pid) - before)
        } while counts.count < 2 && counts.last != 0
        return counts
    }
}
