// swift-tools-version:6.0
import PackageDescription

// Data flows one way, and so do the module dependencies:
//   HomescreenRender      cells, styles, grid + diff, text width, themes, encoders (pure)
//   HomescreenWidgetCore  families, sizes, entries, timelines, policies, scheduler (pure)
//   HomescreenStore       the shared SQLite store (GRDB), migrations, change watcher
//   HomescreenPostgres    the same store on a PostgreSQL server (libpq), LISTEN/NOTIFY
//   HomescreenHosting     what hosts a kind: the feature protocol, its erasure, events, effects, jobs,
//                         settings, the catalog type (no kind lives here)
//   HomescreenWidgets     one folder per kind: algorithm, entry, provider, views, actions, its data
//   HomescreenRuntime     the dashboard: state + update, key table, layout, modals, event loop
//                         (depends on HomescreenHosting, never on the kinds' module)
//   HomescreenTerminal    the ncurses backend, the only importer of the ncurses shim
//   homescreen            the executable: commands only
//   HomescreenServe       `homescreen serve`: the dashboard over SSH (swift-nio-ssh), each session a
//                         child `homescreen` on a pseudo-terminal; its own executable, homescreen-serve,
//                         so the dashboard and the status lines never load SwiftNIO
// How the release executable is linked on Linux (BENCHMARKS.md has the numbers): a status line
// starts every few seconds, and the dashboard should stay small. Only standard linker settings; no
// step rewrites the executable after the link, and no toolchain code is left out.
// - At a fixed address (-no-pie), as Go links fzf or lazygit: a position-independent executable
//   writes 2 MB of relocations into its data pages at every start. Libraries, stack and heap stay
//   random.
// - With lld, the functions the everyday paths run first (linker/homescreen.order, written by
//   scripts/generate-link-order.sh): the kernel maps code 64 KB around each page fault, so code
//   spread over 20 MB kept most of it resident. A stale list costs some speed, never a build:
//   names it lists that no longer exist are skipped silently.
// - Without exporting its 11,000 symbols to the dynamic loader (nothing loads them by name;
//   backtraces read the symbol table from the file).
// - With the C++ runtime the Swift runtime needs, SQLite and ncurses linked in from their static
//   archives (linker/static: linker scripts found before the shared .so files): no shared
//   library to load, bind and keep resident for them.
let releaseOnLinux = BuildSettingCondition.when(platforms: [.linux], configuration: .release)
let releaseLink = ["-Xclang-linker", "-no-pie", "-use-ld=lld", "-L\(Context.packageDirectory)/linker/static",
                   "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/linker/homescreen.order",
                   "-Xlinker", "--no-warn-symbol-ordering", "-Xlinker", "--no-export-dynamic",
                   "-Xlinker", "--script=\(Context.packageDirectory)/linker/private-functions.ld"]
let functionSections = SwiftSetting.unsafeFlags(["-Xfrontend", "-function-sections", "-Xfrontend", "-disable-llvm-merge-functions-pass",
                                                 "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], releaseOnLinux)

let package = Package(
    name: "Homescreen",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "homescreen", targets: ["homescreen"]),
        .executable(name: "homescreen-serve", targets: ["homescreen-serve"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        .package(url: "https://github.com/apple/swift-nio-ssh", exact: "0.15.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        .target(
            name: "HomescreenRender",
            dependencies: [.product(name: "TOMLKit", package: "TOMLKit")],
            swiftSettings: [functionSections]
        ),
        .target(
            name: "HomescreenWidgetCore",
            dependencies: ["HomescreenRender"],
            swiftSettings: [functionSections]
        ),
        .target(
            name: "HomescreenStore",
            dependencies: ["HomescreenWidgetCore", .product(name: "GRDB", package: "GRDB.swift"),
                           .product(name: "GRDBSQLite", package: "GRDB.swift")],
            swiftSettings: [functionSections]
        ),
        // libpq's functions, loaded with dlopen on the first use of a PostgreSQL store.
        .target(name: "CLibpq", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "CSQLiteFootprint"),
        .target(
            name: "HomescreenPostgres",
            dependencies: ["HomescreenWidgetCore", "HomescreenStore", "CLibpq"],
            swiftSettings: [functionSections]
        ),
        .target(
            name: "HomescreenHosting",
            dependencies: ["HomescreenRender", "HomescreenWidgetCore", "HomescreenStore"],
            swiftSettings: [functionSections]
        ),
        // The part of the command line a kind's own commands (`pantry add`) see: the store
        // option, what they are run with, output and completions. No kind, no store opening.
        .target(
            name: "HomescreenCommandLine",
            dependencies: ["HomescreenRender", "HomescreenWidgetCore", "HomescreenStore", "HomescreenHosting",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: [functionSections]
        ),
        .target(
            name: "HomescreenWidgets",
            dependencies: ["HomescreenRender", "HomescreenWidgetCore", "HomescreenStore", "HomescreenHosting", "HomescreenCommandLine", "CSystemEvents"],
            swiftSettings: [functionSections]
        ),
        .systemLibrary(name: "CNcursesw", path: "Sources/CNcursesw"),
        .systemLibrary(name: "CSystemEvents", path: "Sources/CSystemEvents"),
        .target(
            name: "HomescreenRuntime",
            dependencies: ["HomescreenRender", "HomescreenWidgetCore", "HomescreenStore", "HomescreenHosting", "CSystemEvents",
                           .product(name: "TOMLKit", package: "TOMLKit")],
            swiftSettings: [functionSections]
        ),
        .target(
            name: "HomescreenTerminal",
            dependencies: ["HomescreenRender", "HomescreenWidgetCore", "HomescreenRuntime", "CNcursesw"],
            swiftSettings: [functionSections]
        ),
        .executableTarget(
            name: "homescreen",
            dependencies: [
                "HomescreenRender", "HomescreenWidgetCore", "HomescreenStore", "HomescreenPostgres", "HomescreenHosting", "HomescreenCommandLine",
                "HomescreenWidgets", "HomescreenRuntime", "HomescreenTerminal", "HomescreenServeOptions", "CSQLiteFootprint",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: [functionSections],
            linkerSettings: [.unsafeFlags(releaseLink, releaseOnLinux)],
            plugins: ["BuildCommit"]
        ),
        // What `homescreen serve` accepts, parsed by both executables (no SwiftNIO in homescreen).
        .target(
            name: "HomescreenServeOptions",
            dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .target(
            name: "HomescreenServe",
            dependencies: [
                "HomescreenServeOptions",
                .product(name: "NIOSSH", package: "swift-nio-ssh"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"), .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "homescreen-serve",
            dependencies: ["HomescreenServe", "HomescreenServeOptions", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // Records the git commit the executable is built from, for `homescreen --version`.
        .plugin(name: "BuildCommit", capability: .buildTool()),
        .executableTarget(
            name: "homescreen-bench",
            dependencies: ["HomescreenRender", "HomescreenWidgetCore", "HomescreenStore", "HomescreenHosting", "HomescreenWidgets", "HomescreenRuntime"]
        ),
        .target(
            name: "HomescreenTestSupport",
            dependencies: [
                "HomescreenRender", "HomescreenWidgetCore", "HomescreenStore", "HomescreenPostgres", "HomescreenHosting", "HomescreenWidgets",
                "HomescreenRuntime", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        .testTarget(
            name: "RenderTests",
            dependencies: ["HomescreenRender", "HomescreenTestSupport"],
            resources: [.copy("Vectors")]
        ),
        .testTarget(
            name: "WidgetCoreTests",
            dependencies: ["HomescreenWidgetCore", "HomescreenTestSupport"],
            resources: [.copy("Vectors")]
        ),
        .testTarget(
            name: "StoreTests",
            dependencies: ["HomescreenStore", "HomescreenWidgets", "HomescreenTestSupport", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "PostgresTests",
            dependencies: ["HomescreenPostgres", "HomescreenStore", "HomescreenWidgets", "HomescreenWidgetCore", "HomescreenTestSupport"]
        ),
        .testTarget(
            name: "PantryTests",
            dependencies: ["HomescreenWidgets", "HomescreenTestSupport", .product(name: "GRDB", package: "GRDB.swift")],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "BudgetTests",
            dependencies: ["HomescreenWidgets", "HomescreenTestSupport", .product(name: "GRDB", package: "GRDB.swift")],
            exclude: ["__Snapshots__"],
            resources: [.copy("Vectors")]
        ),
        .testTarget(
            name: "CalendarTests",
            dependencies: ["HomescreenWidgets", "HomescreenTestSupport"],
            exclude: ["__Snapshots__"],
            resources: [.copy("Vectors")]
        ),
        .testTarget(
            name: "CardTests",
            dependencies: ["HomescreenWidgets", "HomescreenStore", "HomescreenRender", "HomescreenWidgetCore", "HomescreenTestSupport"],
            resources: [.copy("Vectors")]
        ),
        .testTarget(
            name: "RuntimeTests",
            dependencies: ["HomescreenRuntime", "HomescreenWidgets", "HomescreenCommandLine", "HomescreenTestSupport"]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["homescreen", "homescreen-serve", "HomescreenTestSupport", .product(name: "GRDB", package: "GRDB.swift")],
            // Read from the source tree (SourceRoot), not bundled.
            exclude: ["Vectors"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
