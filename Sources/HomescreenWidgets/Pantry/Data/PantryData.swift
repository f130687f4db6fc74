import HomescreenStore

extension StoreTable {
    public static let product = StoreTable(rawValue: "product")
    public static let consumption = StoreTable(rawValue: "consumption")
}

extension PantryFeature {
    /// The pantry's tables, on both backends: products (amounts in thousandths of their unit)
    /// and the consumptions that undo takes back. Its first steps make what the store's shared
    /// schema 7 held; a store from then has those tables rebuilt as described, rows kept.
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
    ])
}
