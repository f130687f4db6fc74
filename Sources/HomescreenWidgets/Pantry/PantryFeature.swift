import Foundation
import HomescreenStore
import HomescreenHosting
import HomescreenWidgetCore

extension WidgetKind { public static let pantry = WidgetKind("pantry") }

extension Action {
    public static let consume = Action("consume", summary: "consume one unit of the first-expiring product (full screen: of the selected one)", translations: [
        .french: "consommer une unité du produit qui expire en premier (plein écran : du produit choisi)",
        .italian: "consuma un'unità del prodotto che scade per primo (schermo intero: di quello scelto)",
        .vietnamese: "dùng một đơn vị của món sắp hết hạn nhất (toàn màn hình: của món đang chọn)"], label: ("consume", "consommer", "consuma", "dùng"))
    public static let undo = Action("undo", summary: "undo the last consume (for a minute)", translations: [
        .french: "annuler la dernière consommation (pendant une minute)", .italian: "annulla l'ultimo consumo (per un minuto)",
        .vietnamese: "hoàn tác lần dùng gần nhất (trong một phút)"], label: ("undo", "annuler", "annulla", "hoàn tác"))
    public static let addProduct = Action("add-product", summary: "add a product to the pantry", translations: [
        .french: "ajouter un produit au garde-manger", .italian: "aggiungi un prodotto alla dispensa", .vietnamese: "thêm một món vào tủ"], label: ("add", "ajouter", "aggiungi", "thêm"))
}

/// The pantry as a dashboard kind: `c` consumes one unit of the first-expiring product (drawn
/// at once, confirmed by the store), `u` puts back this dashboard's last consume, `n` adds a
/// product through a form.
public struct PantryFeature: WidgetFeature {
    public struct State: Sendable, Equatable {
        /// Consumes sent to the store and not yet confirmed: drawn already (optimistic update).
        public var pendingConsumes = 0
        /// Consumes of products chosen in the full-screen view, not yet confirmed.
        public var pendingChosen: [Int64] = []
        /// The add-product or edit form until the store saves it (a failed save reopens it).
        var form = SubmittedForm()
        /// The product of the edit form in flight.
        var editing: Int64?
        /// What each consume in flight said at its key press (nil: nothing), in order: the
        /// store's confirmation says it again only when it differs.
        var said: [String?] = []

        /// A chosen product's consume came back (done or refused).
        mutating func confirmed(_ id: Int64) {
            if let index = pendingChosen.firstIndex(of: id) { pendingChosen.remove(at: index) }
        }
    }

    /// What comes back to the pantry: its forms, its question, its jobs' results.
    public enum Message: Sendable {
        /// The first-expiring product's unit, or (with an id) the chosen product's.
        case consumed(chosen: Int64?, Result<Consumption, JobFailure>)
        case putBack(Result<Consumption, JobFailure>)
        case remove(Product)
        case removed(Result<Product, JobFailure>)
        case addSubmitted(Form)
        case added(Result<Product, JobFailure>)
        case editSubmitted(id: Int64, Form)
        case edited(Result<Product, JobFailure>)
    }

    /// What the pantry's jobs keep on the writer's thread: this dashboard's own consumes, for `u`.
    public struct Memory: JobMemory {
        var consumed: [(id: Int64, at: Date)] = []
        public init() {}
    }

    /// How long `u` can put back a consume.
    public static let undoWindow: TimeInterval = 60

    /// Products due within this many days count as due soon (config `due-soon-days`).
    public static let dueSoonDays = SettingKey<Int>("due-soon-days", default: PantryOrder.defaultDueSoonDays) { value in
        guard case .integer(let days) = value, PantryOrder.dueSoonDaysRange.contains(days) else {
            throw ConfigError("due-soon-days = \(value) is not a whole number from 0 to 365.")
        }
        return days
    }

    public init() {}

    public var kind: WidgetKind { .pantry }
    public var title: String { PantryStrings.of(.english).title }
    public var summary: String { "products, first expiring first; expired and due-soon counts" }
    public var families: [WidgetFamily] { WidgetFamily.allCases }
    public var routedActions: Set<Action> { [.addItem, .edit, .remove] }
    public var tables: Set<StoreTable> { [.product] }
    public var settings: [SettingSpec] { [Self.dueSoonDays.spec] }
    public var bindings: [KeyTable.Binding] {
        [KeyTable.Binding(action: .consume, keys: [.character("c")]), KeyTable.Binding(action: .undo, keys: [.character("u")]),
         KeyTable.Binding(action: .addProduct, keys: [])]
    }

    public func provider(store: any StoreBackend, settings: WidgetSettings) -> PantryWidget {
        PantryWidget(store: store, dueSoonDays: settings[Self.dueSoonDays])
    }

    public func initialState() -> State { State() }

    public func optimistic(_ entry: PantryEntry, _ state: State) -> PantryEntry {
        entry.consuming(productIDs: state.pendingChosen).consumingFirst(times: state.pendingConsumes)
    }

    public func detail(_ entry: PantryEntry, scroll: Int) -> DetailNavigation { .list(keys: entry.items.map { String($0.product.id) }) }

    public func update(_ state: inout State, _ event: FeatureEvent<Message>, _ environment: FeatureEnvironment) -> [FeatureEffect<Message, Memory>] {
        let language = environment.language
        switch event {
        case .action(.consume) where environment.entries(PantryEntry.self).first.map({ optimistic($0, state).inStockCount == 0 }) == true:
            // Nothing in stock: say the key that fills the pantry, not a shell command.
            return [.message(.info(language.text("Nothing to consume yet: %1 on the pantry adds a product.", in: Self.words, "n")))]
        case .action(.consume) where environment.selection != nil:
            // Full screen: the selected product.
            guard let product = selected(environment, state) else { return [] }
            state.pendingChosen.append(product.id)
            let text = PantryMessages.consumed(min(.one, product.amount), unit: product.unit, of: product.name, environment)
            state.said.append(text)
            return [.message(.success(text)), .write(Self.consuming(productID: product.id))]
        case .action(.consume):
            let first = environment.entries(PantryEntry.self).first?.consumingFirst(times: state.pendingConsumes).items.first
            state.pendingConsumes += 1
            let text = first.map { PantryMessages.consumed(min(.one, $0.product.amount), unit: $0.product.unit, of: $0.product.name, environment) }
            state.said.append(text)
            return (text.map { [.message(.success($0))] } ?? []) + [.write(Self.consuming(productID: nil))]
        case .action(.undo):
            return [.write(Self.undo)]
        case .action(.remove):
            guard environment.selection != nil else {
                return [.message(.info(language.text("Open the pantry full screen (Enter) and choose a product to remove.", in: Self.words)))]
            }
            guard let product = selected(environment, state) else { return [] }
            let amount = PantryMessages.amount(product.amount, unit: product.unit, language: language)
            return [.confirm(language.text("Remove %1 (%2) from the pantry?", in: Self.words, environment.name(product.name), environment.amount(amount)),
                             yes: .remove(product))]
        case .action(.addProduct), .action(.addItem):
            let due = LocalDate(environment.now, in: environment.timeZone).adding(days: 7)
            return [.form(Self.productForm(language, title: "Add a product", name: "", amount: "1", unit: "", due: due), submitted: Message.addSubmitted)]
        case .action(.edit):
            guard environment.selection != nil else {
                return [.message(.info(language.text("Open the pantry full screen (Enter) and choose a product to edit.", in: Self.words)))]
            }
            guard let product = selected(environment, state) else { return [] }
            let amount = product.amount.formatted(decimalSeparator: language == .english ? "." : ",")
            let id = product.id
            return [.form(Self.productForm(language, title: "Edit %1", name: product.name, amount: amount, unit: product.unit, due: product.due),
                          submitted: { .editSubmitted(id: id, $0) })]
        case .action:
            return []
        case .message(let message):
            return reply(message, &state, environment)
        }
    }

    /// What the pantry does with what comes back to it.
    private func reply(_ message: Message, _ state: inout State, _ environment: FeatureEnvironment) -> [FeatureEffect<Message, Memory>] {
        let language = environment.language
        switch message {
        case .consumed(let chosen, let result):
            if let chosen { state.confirmed(chosen) } else { state.pendingConsumes = max(0, state.pendingConsumes - 1) }
            let said = state.said.isEmpty ? nil : state.said.removeFirst()
            switch result {
            case .success(let consumption):
                let text = PantryMessages.consumed(consumption, environment)
                return text == said ? [] : [.message(.success(text))]
            case .failure(let failure): return [.message(.failure(failure.text(environment)))]
            }
        case .putBack(let result):
            switch result {
            case .success(let consumption): return [.message(.success(PantryMessages.putBack(consumption, environment)))]
            case .failure(let failure): return [.message(.failure(failure.text(environment)))]
            }
        case .remove(let product):
            let id = product.id
            return [.write(FeatureJob(.pantry, "remove \(id)", { store, _, _ in try PantryRepository(store).removeProduct(id: id) }, then: Message.removed))]
        case .removed(let result):
            switch result {
            case .success(let product): return [.message(.success(language.text("Removed %1.", in: Self.words, environment.name(product.name))))]
            case .failure(let failure): return [.message(.failure(failure.text(environment)))]
            }
        case .addSubmitted(let form):
            let checked = Self.check(form, language, today: environment.today)
            guard case .success(let product) = checked else { return checked.rejection(submitted: Message.addSubmitted) }
            state.form.submitted(form)
            let (name, amount, unit, due) = (product.name, product.amount, product.unit, product.due)
            return [.message(.info(language.text("Adding %1…", in: Self.words, environment.name(name)))),
                    .write(FeatureJob(.pantry, "add-product \(name) \(amount) \(unit) \(due.iso)", { store, _, now in
                        try PantryRepository(store).addProduct(name: name, amount: amount, unit: unit, due: due, at: now)
                    }, then: Message.added))]
        case .added(.success(let product)):
            state.form.saved()
            return [.message(.success(language.text("Added %1, due %2.", in: Self.words, environment.name(product.name), product.due.iso)))]
        case .added(.failure(let failure)):
            return state.form.failed(failure.text(environment), submitted: Message.addSubmitted)
        case .editSubmitted(let id, let form):
            let checked = Self.check(form, language, today: environment.today)
            guard case .success(let product) = checked else { return checked.rejection(submitted: { .editSubmitted(id: id, $0) }) }
            state.form.submitted(form)
            state.editing = id
            return [.write(FeatureJob(.pantry, "edit \(id)", { store, _, _ in
                try PantryRepository(store).updateProduct(id: id, name: product.name, amount: product.amount, unit: product.unit, due: product.due)
            }, then: Message.edited))]
        case .edited(.success(let product)):
            state.form.saved()
            return [.message(.success(language.text("Saved %1.", in: Self.words, environment.name(product.name))))]
        case .edited(.failure(let failure)):
            // The edit form again, with what was typed and why (a product another program removed,
            // a store that cannot be written): never lost.
            guard let id = state.editing else { return [.message(.failure(failure.text(environment)))] }
            return state.form.failed(failure.text(environment), submitted: { .editSubmitted(id: id, $0) })
        }
    }

    /// The pantry's dashboard words (its panes' are in `PantryStrings`).
    static let words = Translations([
        ("%1 holds an impossible count: run homescreen doctor --repair", "%1 contient un compte impossible : lancez homescreen doctor --repair",
         "%1 contiene un conteggio impossibile: esegui homescreen doctor --repair", "%1 chứa số đếm không thể có: chạy homescreen doctor --repair"),
        ("Add a product", "Ajouter un produit", "Aggiungi un prodotto", "Thêm một món"),
        ("Name", "Nom", "Nome", "Tên"), ("Amount", "Quantité", "Quantità", "Số lượng"), ("Unit", "Unité", "Unità", "Đơn vị"),
        ("Due", "Échéance", "Scadenza", "Hạn dùng"), ("Milk", "Lait", "Latte", "Sữa"), ("State", "État", "Stato", "Trạng thái"),
        ("No products; add one with `homescreen pantry add NAME --due tomorrow`.", "Aucun produit ; ajoutez-en un avec `homescreen pantry add NOM --due tomorrow`.",
         "Nessun prodotto; aggiungine uno con `homescreen pantry add NOME --due tomorrow`.", "Chưa có món nào; thêm bằng `homescreen pantry add TÊN --due tomorrow`."),
        ("2, 0.5 or 1,25", "2, 0,5 ou 1,25", "2, 0,5 o 1,25", "2, 0,5 hoặc 1,25"),
        ("l, kg, cans (optional)", "l, kg, boîtes (facultatif)", "l, kg, lattine (facoltativo)", "l, kg, lon (không bắt buộc)"),
        ("Give the product a name.", "Donnez un nom au produit.", "Dai un nome al prodotto.", "Hãy đặt tên cho món."),
        ("'%1' is not an amount; use %2.", "« %1 » n'est pas une quantité ; écrivez un nombre positif avec au plus 3 décimales, comme 2, 0,5 ou 1,25.",
         "'%1' non è una quantità; scrivi un numero positivo con al massimo 3 decimali, come 2, 0,5 o 1,25.",
         "'%1' không phải là số lượng; hãy nhập số dương có tối đa 3 chữ số thập phân, như 2, 0,5 hoặc 1,25."),
        ("Adding %1…", "Ajout de %1…", "Aggiunta di %1…", "Đang thêm %1…"),
        ("Added %1, due %2.", "%1 ajouté, échéance le %2.", "Aggiunto %1, scadenza %2.", "Đã thêm %1, hạn %2."),
        ("Open the pantry full screen (Enter) and choose a product to remove.",
         "Ouvrez le garde-manger en plein écran (Entrée) et choisissez le produit à retirer.",
         "Apri la dispensa a schermo intero (Invio) e scegli il prodotto da rimuovere.",
         "Mở tủ toàn màn hình (Enter) rồi chọn món cần xóa."),
        ("Remove %1 (%2) from the pantry?", "Retirer %1 (%2) du garde-manger ?", "Rimuovere %1 (%2) dalla dispensa?", "Xóa %1 (%2) khỏi tủ?"),
        ("Removed %1.", "%1 retiré.", "%1 rimosso.", "Đã xóa %1."),
        ("add a product", "ajouter un produit", "aggiungi un prodotto", "thêm một món"),
        ("Edit %1", "Modifier %1", "Modifica %1", "Sửa %1"), ("Saved %1.", "%1 enregistré.", "%1 salvato.", "Đã lưu %1."),
        ("Open the pantry full screen (Enter) and choose a product to edit.", "Ouvrez le garde-manger en plein écran (Entrée) et choisissez le produit à modifier.",
         "Apri la dispensa a schermo intero (Invio) e scegli il prodotto da modificare.", "Mở tủ toàn màn hình (Enter) rồi chọn món cần sửa."),
        ("Nothing to consume yet: %1 on the pantry adds a product.", "Rien à consommer : %1 sur le garde-manger ajoute un produit.",
         "Niente da consumare: %1 sulla dispensa aggiunge un prodotto.", "Chưa có gì để dùng: %1 trên tủ để thêm một món."),
        ("nothing to undo: u puts back this dashboard's consumes, for a minute after each.",
         "rien à annuler : u remet les consommations faites dans ce tableau de bord, pendant une minute après chacune.",
         "niente da annullare: u ripristina i consumi fatti in questa dashboard, per un minuto dopo ciascuno.",
         "không có gì để hoàn tác: u trả lại các lần dùng trên bảng này, trong một phút sau mỗi lần."),
        // Its refusals (`PantryError`).
        ("nothing to consume: no product has stock left (add one with `homescreen pantry add`).", "rien à consommer : aucun produit n'a de stock (ajoutez-en un avec `homescreen pantry add`).", "niente da consumare: nessun prodotto ha scorte (aggiungine uno con `homescreen pantry add`).", "không có gì để dùng: không sản phẩm nào còn hàng (thêm bằng `homescreen pantry add`)."),
        ("product %1 (%2) has no stock left to consume.", "le produit %1 (%2) n'a plus de stock à consommer.", "il prodotto %1 (%2) non ha più scorte da consumare.", "sản phẩm %1 (%2) đã hết hàng để dùng."),
        ("there is no product with id %1; `homescreen pantry list` shows the ids.", "il n'y a pas de produit d'id %1 ; `homescreen pantry list` montre les id.", "non esiste un prodotto con id %1; `homescreen pantry list` mostra gli id.", "không có sản phẩm nào có id %1; `homescreen pantry list` cho xem các id."),
        ("there is no consume to undo.", "il n'y a aucune consommation à annuler.", "non c'è alcun consumo da annullare.", "không có lần dùng nào để hoàn tác."),
    ])

    /// The consume of the first-expiring product, as the dashboard runs it.
    public static let consume = KindJob(consuming(productID: nil))

    /// One unit of a product (the first-expiring one when nil); the job remembers it for `u`.
    static func consuming(productID: Int64?) -> FeatureJob<Message, Memory> {
        FeatureJob(.pantry, productID.map { "consume \($0)" } ?? "consume", { store, memory, now in
            let consumption = try PantryRepository(store).consume(productID: productID, amount: .one, at: now)
            memory.consumed.append((consumption.id, now))
            return consumption
        }, then: { .consumed(chosen: productID, $0) })
    }

    /// Puts back this dashboard's last consume, for a minute after it, whatever other processes
    /// consumed since.
    static let undo = FeatureJob<Message, Memory>(.pantry, "undo", { store, memory, now in
        guard let last = memory.consumed.last, now.timeIntervalSince(last.at) <= undoWindow else {
            memory.consumed = []
            throw NothingToUndo()
        }
        memory.consumed.removeLast()
        return try PantryRepository(store).undoConsumption(id: last.id)
    }, then: Message.putBack)

    /// The product form, to add one or to edit one (`title` may hold the name as %1).
    static func productForm(_ language: Language, title: String, name: String, amount: String, unit: String, due: LocalDate) -> Form {
        func text(_ english: String) -> String { language.text(english, in: words) }
        return Form(title: language.text(title, in: words, name), fields: [
            Form.Field(text("Name"), text: name, placeholder: text("Milk")),
            Form.Field(text("Amount"), text: amount, placeholder: "2", hint: text("2, 0.5 or 1,25")),
            Form.Field(text("Unit"), text: unit, placeholder: "kg", hint: text("l, kg, cans (optional)"), maxLength: 20),
            Form.Field(text("Due"), text: due.iso, hint: language.text("YYYY-MM-DD, tomorrow, +3d", in: .dashboard), maxLength: 20),
        ])
    }

    /// The product form's values, checked as `pantry add` checks them.
    static func check(_ form: Form, _ language: Language, today: LocalDate) -> FormResult<(name: String, amount: Quantity, unit: String, due: LocalDate)> {
        var check = FormCheck(form, language: language)
        if check[0].isEmpty { check.fail(0, language.text("Give the product a name.", in: words)) }
        let amount = Quantity(argument: check[1])
        if amount == nil { check.fail(1, language.text("'%1' is not an amount; use %2.", in: words, check[1], Quantity.accepted)) }
        let due = check.day(3, today: today)
        if let rejected = check.rejected(form) { return .rejected(rejected) }
        guard let amount, let due else { return .rejected(form) }
        return .success((check[0], amount, check[2], due))
    }

    /// The product on the selected row of the full-screen view, as drawn (with unconfirmed consumes).
    func selected(_ environment: FeatureEnvironment, _ state: State) -> Product? {
        guard let selection = environment.selection, let entry = environment.entries(PantryEntry.self).first else { return nil }
        let items = optimistic(entry, state).items
        return items.isEmpty ? nil : items[min(max(0, selection), items.count - 1)].product
    }

    struct NothingToUndo: StoreRefusal {
        var sentence: String { "nothing to undo: u puts back this dashboard's consumes, for a minute after each." }
        var words: Translations { PantryFeature.words }
    }

    public func fillDemo(_ store: any StoreBackend, today: LocalDate, at date: Date) throws {
        try PantryRepository(store).addProducts(PantryDemo.products(today: today), at: date)
    }

    public func contents(_ store: any StoreBackend) throws -> String? {
        let count = try PantryRepository(store).products().count
        return count == 0 ? nil : "\(count) " + Language.english.plural(count, one: "pantry product", other: "pantry products")
    }

    public func doctor(_ store: any StoreBackend) throws -> String? {
        let products = try PantryRepository(store).products()
        return "\(products.count) " + Language.english.plural(products.count, one: "product", other: "products") + ", \(products.filter(\.isInStock).count) in stock"
    }
}
