import HomescreenStore

extension StoreTable {
    public static let product = StoreTable(rawValue: "product")
    public static let consumption = StoreTable(rawValue: "consumption")
    public static let productDue = StoreTable(rawValue: "productDue")
}

extension PantryFeature {
    /// The products in stock per due day, counted from the rows (the rule keeps it after).
    private static let inStockByDue = "INSERT INTO productDue (due, inStock) SELECT due, COUNT(*) FROM product WHERE amountMilli > 0 GROUP BY due"

    /// The pantry's tables, on both backends: products (amounts in thousandths of their unit),
    /// the consumptions that undo takes back, and the products in stock per due day that the
    /// counts read. Its first steps make what the store's shared schema 7 held; a store from
    /// then has those tables rebuilt as described, rows kept.
    public static let data: KindData? = KindData(owner: "pantry", steps: [
        .create(DataTable(.product, columns: [
            .id, .text("name", max: 200, nonBlank: true), .integer("amountMilli", 0...1_000_000_000),
            .text("unit", max: 20).defaulting(""), .day("due"), .timestamp("createdAt"),
        ], indexes: [
            // Products in stock in first-expiring order: the pane and the consume action.
            DataIndex("productInStockByDue", on: ["due", "name", "id"], where: "amountMilli > 0"),
        ])),
        .create(DataTable(.consumption, columns: [
            .id, .reference("productID", to: .product), .integer("amountMilli", 1...1_000_000_000), .timestamp("at"),
        ], indexes: [DataIndex("consumptionByProduct", on: ["productID"])])),
        // Issue 36: how many products are in stock per due day, kept by a rule in the writer's
        // transaction, so the counts a pane and a status line show (in stock, expired, due
        // soon) add one row per day, never one per product. Made from the rows already there.
        .create(DataTable(.productDue, columns: [
            DataColumn.text("due", max: 10).identifying(.primary), .integer("inStock", Int64.min...Int64.max),
        ], tracked: false)),
        .sql(sqlite: inStockByDue, postgres: inStockByDue),
        .rule("productDueCount", .total(.init(counting: .product, where: "amountMilli", byFirst: 10, of: "due",
                                              into: .productDue, key: "due", count: "inStock"))),
        // The list's order compares names by their bytes (`COLLATE "C"` on PostgreSQL, SQLite's
        // own); a name column in the database's collation (C.UTF-8, en_US…) made the index
        // useless for it, so a pane sorted every product of its first days.
        .sql(sqlite: "", postgres: "ALTER TABLE product ALTER COLUMN name TYPE text COLLATE \"C\""),
    ])
}
