import CSystemEvents
import Foundation

/// Who claimed a run of hledger in the store's `hledgerRun`: the machine, its boot, the process
/// id and the process's start time (so a pid the kernel gave again to another process is not
/// taken for the claimant). A claim whose claimant has died is taken over at once; one made on
/// another machine (a household's PostgreSQL store) cannot be looked at and lapses instead.
struct HledgerClaimant: Equatable, Sendable {
    let machine: String
    let boot: String
    let pid: pid_t
    let started: UInt64

    /// What a claim's claimant is, seen from this process.
    enum Liveness: Equatable {
        /// Running on this machine, since its boot: its end can be waited for (a pidfd).
        case alive(pid_t)
        /// Ended (or the machine was restarted since): its claim is over.
        case dead
        /// On another machine: only the claim's lapse says it is over.
        case unknown
    }

    /// This process.
    static let current = HledgerClaimant(machine: machineIdentity, boot: bootIdentity, pid: getpid(), started: startTime(of: getpid()) ?? 0)

    /// As kept in the `claimant` column: `machine boot pid start`.
    var text: String { "\(machine) \(boot) \(pid) \(started)" }

    init(machine: String, boot: String, pid: pid_t, started: UInt64) {
        self.machine = machine
        self.boot = boot
        self.pid = pid
        self.started = started
    }

    init?(_ text: String) {
        let parts = text.split(separator: " ").map(String.init)
        guard parts.count == 4, let pid = pid_t(parts[2]), pid > 0, let started = UInt64(parts[3]) else { return nil }
        self.init(machine: parts[0], boot: parts[1], pid: pid, started: started)
    }

    var liveness: Liveness {
        guard machine == Self.machineIdentity else { return .unknown }
        // The same machine restarted since the claim: every process of that boot has ended.
        guard boot == Self.bootIdentity else { return .dead }
        guard let now = Self.startTime(of: pid), now == started else { return .dead }
        return .alive(pid)
    }

    /// A descriptor readable once the claimant has ended (a pidfd), checked to be the claimant
    /// after it was opened (not a process that got its pid since); nil when it has ended already
    /// or the kernel has no pidfd.
    func endDescriptor() -> Int32? {
        guard case .alive = liveness else { return nil }
        let descriptor = hs_pidfd_open(pid)
        guard descriptor >= 0 else { return nil }
        guard case .alive = liveness else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// The process's start time in clock ticks since boot (`/proc/PID/stat`'s 22nd field);
    /// nil when it is gone or a zombie (killed, not yet reaped: it has ended).
    static func startTime(of pid: pid_t) -> UInt64? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat"),
              let close = data.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        // After the command's name (which may hold spaces and parentheses): field 3 onwards.
        let fields = String(decoding: data[(close + 1)...], as: UTF8.self).split(separator: " ")
        guard fields.count > 19, fields[0] != "Z", fields[0] != "X" else { return nil }
        return UInt64(fields[19])
    }

    private static let bootIdentity = identity("/proc/sys/kernel/random/boot_id") ?? "boot"
    private static let machineIdentity = identity("/etc/machine-id") ?? identity("/proc/sys/kernel/hostname") ?? "machine"

    private static func identity(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let text = String(decoding: data, as: UTF8.self).filter { !$0.isWhitespace }
        return text.isEmpty ? nil : text
    }
}
