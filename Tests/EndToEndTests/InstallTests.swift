import Foundation
import Testing
import HomescreenTestSupport

/// `scripts/install.sh` into a temporary prefix, with the binary the tests were built with (a
/// release build is the documented path; it takes minutes, so it is tried by hand, see
/// README), then the installed program used from `/` as a user would, then uninstalled.
struct InstallTests {
    /// A prefix in a private folder, and an environment whose PATH starts with PREFIX/bin.
    struct Installation {
        let folder = TemporaryFolder()
        var prefix: String { folder.path("prefix") }
        var home: String { folder.path("home") }
        var environment: [String: String] {
            ["PATH": "\(prefix)/bin:/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8", "TZ": "Asia/Ho_Chi_Minh", "TERM": "dumb",
             "HOMESCREEN_STORE": folder.path("private/store.sqlite"), "MANPAGER": "cat", "PAGER": "cat"]
        }

        init() throws {
            try FileManager.default.createDirectory(atPath: folder.path("private"), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try FileManager.default.createDirectory(atPath: folder.path("home"), withIntermediateDirectories: true)
        }

        func install() throws -> CommandResult {
            try Shell.run("'\(SourceRoot.path("scripts/install.sh"))' --prefix '\(prefix)' --binary '\(Homescreen.executable.path)'", environment: environment)
        }

        /// Every file under the prefix, relative to it.
        func files() -> [String] {
            let enumerator = FileManager.default.enumerator(atPath: prefix)
            var found: [String] = []
            while let item = enumerator?.nextObject() as? String {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: prefix + "/" + item, isDirectory: &isFolder), !isFolder.boolValue { found.append(item) }
            }
            return found.sorted()
        }
    }

    @Test func installsUsesFromAnotherFolderAndUninstallsEveryFile() throws {
        let installation = try Installation()
        let installed = try installation.install()
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(installation.files() == [
            "bin/homescreen", "bin/homescreen-serve", "share/bash-completion/completions/homescreen", "share/fish/vendor_completions.d/homescreen.fish",
            "share/homescreen/installed-files", "share/homescreen/themes/dark.toml", "share/homescreen/themes/high-contrast.toml",
            "share/homescreen/themes/light.toml", "share/man/man1/homescreen.1", "share/man/man5/homescreen-config.5",
            "share/man/man5/homescreen-store.5", "share/man/man5/homescreen-themes.5", "share/zsh/site-functions/_homescreen",
        ])

        // From /, by name through PATH, as the README's must-hold lists.
        let version = try Shell.run("homescreen --version", environment: installation.environment)
        #expect(version.status == 0 && version.stdout.hasPrefix("homescreen 0."), "\(version.stderr)")
        let calendar = try Shell.run("homescreen render calendar --family medium --now 2026-02-17 --locale vi", environment: installation.environment)
        #expect(calendar.status == 0 && calendar.stdout.contains("Tháng Giêng Bính Ngọ"), "\(calendar.stderr)")
        let demo = try Shell.run("homescreen render pantry --demo --family small --format plain", environment: installation.environment)
        #expect(demo.status == 0 && demo.stdout.contains("Milk"), "\(demo.stderr)")
        // homescreen serve finds the server installed beside it.
        let fingerprint = try Shell.run("homescreen serve --fingerprint --host-key \"$HOME/key\"", environment: installation.environment)
        #expect(fingerprint.status == 0 && fingerprint.stdout.hasPrefix("256 SHA256:"), "\(fingerprint.stderr)")

        // man finds the page through PATH (PREFIX/bin → PREFIX/share/man) and it holds the options --help lists.
        let where_ = try Shell.run("man -w homescreen && man -w 5 homescreen-config", environment: installation.environment)
        #expect(where_.stdout == "\(installation.prefix)/share/man/man1/homescreen.1\n\(installation.prefix)/share/man/man5/homescreen-config.5\n", "\(where_.stderr)")
        let page = try Shell.run("LC_ALL=C man homescreen 2>/dev/null | col -b", environment: installation.environment)
        #expect(page.stdout.contains("--due-soon-days") && page.stdout.contains("Print where the config file"), "\(page.stdout.prefix(300))")
        // Issue 28 point 10: the sections the generator cannot write, in place of its generic EXIT STATUS.
        let sections = page.stdout.split(separator: "\n").filter { $0.first?.isLetter == true && $0 == $0.uppercased() }.map(String.init)
        #expect(Array(sections.suffix(4)) == ["DESCRIPTION", "KEYS", "EXIT STATUS", "SEE ALSO"], "\(sections)")
        let words = page.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("t next theme (next-theme).") && words.contains("q, Ctrl-C quit (quit)."), "\(page.stdout.suffix(3000))")
        #expect(words.contains("2 Bad usage or bad input. Errors are one sentence on stderr naming the value and what is accepted; bad input writes nothing"))
        #expect(words.contains("tmux(1), sqlite3(1), psql(1), khal(1)") && !words.contains("exits 0 on success"), "\(page.stdout.suffix(600))")

        // The themes come from the prefix, not from the checkout the binary was built in.
        let paths = try Shell.run("homescreen config path", environment: installation.environment)
        let themeFolders = paths.stdout.split(separator: "\n").filter { $0.hasPrefix("themes") }
        #expect(themeFolders.count == 2 && themeFolders[1].hasSuffix("\(installation.prefix)/share/homescreen/themes"), "\(paths.stdout)")
        #expect(!paths.stdout.contains(SourceRoot.path("Themes")))
        let light = try Shell.run("homescreen render pantry --theme high-contrast --family inline --format ansi", environment: installation.environment)
        #expect(light.status == 0, "\(light.stderr)")

        // The completion script as the installed bash-completion file.
        let families = try Shell.run(BashCompletion.call("homescreen render pantry --family ", file: "\(installation.prefix)/share/bash-completion/completions/homescreen"),
                                     environment: installation.environment)
        #expect(families.stdout == "small\nmedium\nlarge\nrectangular\ncircular\ninline\n", "\(families.stderr)")

        // Installing again replaces the files; uninstalling removes every one and the folders it made.
        #expect(try installation.install().status == 0)
        let removed = try Shell.run("'\(SourceRoot.path("scripts/install.sh"))' --uninstall --prefix '\(installation.prefix)'", environment: installation.environment)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: installation.prefix), "left: \(installation.files())")
    }

    @Test func uninstallLeavesFilesItDidNotWrite() throws {
        let installation = try Installation()
        try FileManager.default.createDirectory(atPath: installation.prefix + "/bin", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: installation.prefix + "/bin/other-tool", contents: Data("#!/bin/sh\n".utf8))
        #expect(try installation.install().status == 0)
        #expect(try Shell.run("'\(SourceRoot.path("scripts/install.sh"))' --uninstall --prefix '\(installation.prefix)'", environment: installation.environment).status == 0)
        #expect(installation.files() == ["bin/other-tool"])
        let again = try Shell.run("'\(SourceRoot.path("scripts/install.sh"))' --uninstall --prefix '\(installation.prefix)'", environment: installation.environment)
        #expect(again.status == 1 && again.stderr.contains("nothing to uninstall"))
    }

    /// Issue 29, F3: a manifest another hand edited deletes nothing outside the prefix, nothing
    /// changed since the install, nothing through a symlinked folder; it says what it left.
    @Test func aTamperedManifestDeletesNothingThatIsNotOurs() throws {
        let installation = try Installation()
        #expect(try installation.install().status == 0)
        let outside = TemporaryFolder()
        let victim = outside.path("victim"), emptyFolder = outside.path("empty")
        FileManager.default.createFile(atPath: victim, contents: Data("keep me\n".utf8))
        try FileManager.default.createDirectory(atPath: emptyFolder, withIntermediateDirectories: true)
        let manifest = installation.prefix + "/share/homescreen/installed-files"
        let tampered = ["f \(victim)", "f \(installation.prefix)/bin/../../../\(victim)", "f \(installation.prefix)/bin/x\n\(victim)", "d \(emptyFolder)"]
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: manifest))
        handle.seekToEndOfFile()
        handle.write(Data((tampered.joined(separator: "\n") + "\n").utf8))
        try handle.close()
        // An installed file changed since, and a folder swapped for a link to another place.
        try Data("edited\n".utf8).write(to: URL(fileURLWithPath: installation.prefix + "/share/homescreen/themes/dark.toml"))
        let elsewhere = outside.path("zsh")
        try FileManager.default.moveItem(atPath: installation.prefix + "/share/zsh/site-functions", toPath: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: installation.prefix + "/share/zsh/site-functions", withDestinationPath: elsewhere)

        let removed = try Shell.run("'\(SourceRoot.path("scripts/install.sh"))' --uninstall --prefix '\(installation.prefix)'", environment: installation.environment)
        #expect(removed.status == 1)
        for named in [victim, "bin/../../../", "dark.toml (changed since it was installed)", emptyFolder, "site-functions/_homescreen"] {
            #expect(removed.stderr.contains(named), "\(named): \(removed.stderr)")
        }
        #expect(FileManager.default.fileExists(atPath: victim) && FileManager.default.fileExists(atPath: emptyFolder))
        #expect(FileManager.default.fileExists(atPath: elsewhere + "/_homescreen"), "nothing removed through the link")
        #expect(FileManager.default.fileExists(atPath: installation.prefix + "/share/homescreen/themes/dark.toml"))
        #expect(!FileManager.default.fileExists(atPath: installation.prefix + "/bin/homescreen"), "the installed files are removed")
        #expect(!FileManager.default.fileExists(atPath: manifest))
    }

    /// generate-manual drops every character outside ASCII, so the help it reads is ASCII.
    @Test func helpTextSurvivesTheManualGenerator() throws {
        let dump = try Homescreen.run(["--experimental-dump-help"], store: nil)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        var texts: [String] = []
        func walk(_ value: Any, key: String) {
            if let dictionary = value as? [String: Any] { dictionary.forEach { walk($0.value, key: $0.key) } }
            if let array = value as? [Any] { array.forEach { walk($0, key: key) } }
            if let text = value as? String, ["abstract", "discussion"].contains(key) { texts.append(text) }
        }
        walk(document, key: "")
        #expect(texts.count > 50)
        #expect(texts.filter { !$0.allSatisfy(\.isASCII) } == [])
    }
}

/// Calls the bash completion function the way bash does for a line typed up to its end.
enum BashCompletion {
    static func call(_ line: String, file: String) -> String {
        """
        source '\(file)'
        COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
        read -ra COMP_WORDS <<< "$COMP_LINE"
        if [[ "$COMP_LINE" == *" " ]]; then COMP_WORDS+=(""); fi
        COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
        _homescreen homescreen "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        printf '%s\\n' "${COMPREPLY[@]}"
        """
    }
}
