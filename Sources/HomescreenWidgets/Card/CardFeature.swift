import Foundation
import HomescreenStore
import HomescreenHosting
import HomescreenWidgetCore

extension WidgetKind { public static let card = WidgetKind("card") }
extension Action {
    public static let selectCard = Action("select-card", summary: "choose the business card", translations: [
        .french: "choisir la carte de visite", .italian: "scegli il biglietto da visita", .vietnamese: "chọn danh thiếp"], label: ("cards", "cartes", "biglietti", "danh thiếp"))
}

/// The business card as a dashboard kind: `s` opens the card picker (every card with its
/// company and whether it is active, the one shown marked); choosing writes the choice.
public struct CardFeature: WidgetFeature {
    public struct State: Sendable, Equatable {
        /// The picker's rows, in order.
        var pickerCards: [Card] = []
        /// The add or edit form until the store saves it (a failed save reopens it), and the card
        /// an edit is for.
        var form = SubmittedForm()
        var editing: Int64?
    }

    /// What comes back to the card kind: its listing, its picker's choice, its forms, its
    /// question, its jobs' results.
    public enum Message: Sendable {
        case listed(Result<CardListing, JobFailure>)
        case chosen(Picker.Choice)
        case addSubmitted(Form)
        case added(Result<Card, JobFailure>)
        case editSubmitted(id: Int64, Form)
        case edited(Result<Card, JobFailure>)
        case remove(id: Int64)
        case removed(Result<Card, JobFailure>)
        case selected(Result<Card, JobFailure>)
    }

    /// The URL a card with a server id opens (config `card-url`).
    public static let cardURL = SettingKey<CardURLTemplate>("card-url", default: .standard) { value in
        guard case .string(let text) = value else { throw ConfigError("card-url must be a string, not \(value).") }
        do { return try CardURLTemplate(text) } catch let error as CardTemplateError { throw ConfigError(error.description) }
    }

    public init() {}

    public var kind: WidgetKind { .card }
    public var title: String { CardStrings.of(.english).title }
    public var summary: String { "the chosen business card as a QR code that scans" }
    public var families: [WidgetFamily] { WidgetFamily.allCases }
    public var routedActions: Set<Action> { [.addItem] }
    public var tables: Set<StoreTable> { [.card, .selectedCard] }
    public var settings: [SettingSpec] { [Self.cardURL.spec] }
    public var bindings: [KeyTable.Binding] { [KeyTable.Binding(action: .selectCard, keys: [.character("s")])] }

    public func provider(store: any StoreBackend, settings: WidgetSettings) -> CardWidget {
        CardWidget(store: store, template: settings[Self.cardURL])
    }

    public func initialState() -> State { State() }
    public func detail(_ entry: CardEntry, scroll: Int) -> DetailNavigation { DetailNavigation(scroll: 0...0) }

    public func update(_ state: inout State, _ event: FeatureEvent<Message>, _ environment: FeatureEnvironment) -> [FeatureEffect<Message, NoMemory>] {
        let language = environment.language
        func said(_ result: Result<Card, JobFailure>, _ english: String, _ name: (Card) -> String) -> [FeatureEffect<Message, NoMemory>] {
            switch result {
            case .success(let card): return [.message(.success(language.text(english, in: Self.words, name(card))))]
            case .failure(let failure): return [.message(.failure(failure.text(environment)))]
            }
        }
        switch event {
        case .action(.selectCard):
            // A small read, done at once: the picker opens on the same key press.
            return [.read(FeatureJob(.card, "list", { store, _, _ in CardListing(try CardRepository(store).cardListing()) }, then: Message.listed))]
        case .action(.addItem), .message(.chosen(.key(Self.addKey, _))):
            return [Self.addForm(language)]
        case .action:
            return []
        case .message(.listed(.success(let listing))):
            // Empty too: n in the picker adds the first card.
            state.pickerCards = listing.cards
            return [.picker(picker(listing, privacy: environment.privacy, language: language), chosen: Message.chosen)]
        case .message(.listed(.failure(let failure))):
            return [.message(.failure(language.text("The cards could not be read: %1", in: Self.words, failure.text(environment))))]
        case .message(.chosen(.key(Self.editKey, let index))) where state.pickerCards.indices.contains(index):
            let card = state.pickerCards[index]
            return [Self.cardForm(language, title: "Edit %1", card: card) { .editSubmitted(id: card.id, $0) }]
        case .message(.chosen(.key(Self.removeKey, let index))) where state.pickerCards.indices.contains(index):
            let id = state.pickerCards[index].id
            let name = environment.name(state.pickerCards[index].fullName)
            return [.confirm(language.text("Remove %1 (card %2)?", in: Self.words, name, String(id)), yes: .remove(id: id))]
        case .message(.chosen(.item(let index))) where state.pickerCards.indices.contains(index):
            let id = state.pickerCards[index].id
            return [.message(.info(language.text("Choosing the card…", in: Self.words))),
                    .write(FeatureJob(.card, "select \(id)", { store, _, _ in try CardRepository(store).selectCard(id: id) }, then: Message.selected))]
        case .message(.chosen):
            return []
        case .message(.editSubmitted(let id, let form)):
            let checked = Self.draft(form, active: state.pickerCards.first { $0.id == id }?.isActive ?? true)
            guard case .success(let draft) = checked else { return checked.rejection(submitted: { .editSubmitted(id: id, $0) }) }
            state.form.submitted(form)
            state.editing = id
            return [.write(FeatureJob(.card, "edit-card \(id)", { store, _, now in try CardRepository(store).updateCard(id: id, draft, at: now) },
                                      then: Message.edited))]
        case .message(.edited(.failure(let failure))) where state.editing != nil:
            return state.form.failed(failure.text(environment), submitted: { [id = state.editing!] in .editSubmitted(id: id, $0) })
        case .message(.edited(let result)):
            state.form.saved()
            return said(result, "Saved %1's card.") { environment.name($0.fullName) }
        case .message(.addSubmitted(let form)):
            let checked = Self.draft(form, active: true)
            guard case .success(let draft) = checked else { return checked.rejection(submitted: Message.addSubmitted) }
            state.form.submitted(form)
            return [.write(FeatureJob(.card, "add \(draft.firstName) \(draft.lastName)", { store, _, now in try CardRepository(store).addCard(draft, at: now) },
                                      then: Message.added))]
        case .message(.added(.failure(let failure))):
            return state.form.failed(failure.text(environment), submitted: Message.addSubmitted)
        case .message(.added(let result)):
            state.form.saved()
            return said(result, "Added %1's card; s chooses it.") { environment.name($0.fullName) }
        case .message(.remove(let id)):
            return [.write(FeatureJob(.card, "remove-card \(id)", { store, _, _ in try CardRepository(store).removeCard(id: id) }, then: Message.removed))]
        case .message(.removed(let result)):
            return said(result, "Removed %1's card.") { environment.name($0.fullName) }
        case .message(.selected(let result)):
            return said(result, "Showing %1's card.") { environment.privacy ? "card \($0.id)" : $0.fullName }
        }
    }

    /// The picker's own keys: n adds, e edits, x removes the selected card.
    static let addKey = "add-card", editKey = "edit-card", removeKey = "remove-card"

    /// The card's dashboard words (its panes' are in `CardStrings`).
    static let words = Translations([
        ("Choosing the card…", "Choix de la carte…", "Scelta del biglietto…", "Đang chọn danh thiếp…"),
        ("Showing %1's card.", "Carte de %1 affichée.", "Biglietto di %1 mostrato.", "Đang hiện danh thiếp của %1."),
        ("The cards could not be read: %1", "Les cartes n'ont pas pu être lues : %1", "Non è stato possibile leggere i biglietti: %1",
         "Không đọc được danh thiếp: %1"),
        ("active", "active", "attivo", "đang dùng"), ("inactive", "inactive", "inattivo", "không dùng"),
        ("Business card", "Carte de visite", "Biglietto da visita", "Danh thiếp"),
        ("add a card", "ajouter une carte", "aggiungi un biglietto", "thêm danh thiếp"),
        ("n: add · e: edit · x: remove", "n : ajouter · e : modifier · x : retirer", "n: aggiungi · e: modifica · x: rimuovi", "n: thêm · e: sửa · x: xóa"),
        ("Edit %1", "Modifier %1", "Modifica %1", "Sửa %1"), ("Saved %1's card.", "Carte de %1 enregistrée.", "Biglietto di %1 salvato.", "Đã lưu danh thiếp của %1."),
        ("Add a card", "Ajouter une carte", "Aggiungi un biglietto", "Thêm danh thiếp"),
        ("First name", "Prénom", "Nome", "Tên"), ("Last name", "Nom", "Cognome", "Họ"), ("Company", "Entreprise", "Azienda", "Công ty"),
        ("Title", "Fonction", "Ruolo", "Chức danh"), ("E-mail", "E-mail", "E-mail", "E-mail"), ("Phone", "Téléphone", "Telefono", "Điện thoại"),
        ("Server id", "Id serveur", "Id server", "Mã máy chủ"), ("(optional)", "(facultatif)", "(facoltativo)", "(không bắt buộc)"),
        ("(optional: the code is its URL)", "(facultatif : le code devient son URL)", "(facoltativo: il codice è il suo URL)",
         "(không bắt buộc: mã QR là URL của nó)"),
        ("Added %1's card; s chooses it.", "Carte de %1 ajoutée ; s la choisit.", "Biglietto di %1 aggiunto; s lo sceglie.",
         "Đã thêm danh thiếp của %1; s để chọn."),
        ("Remove %1 (card %2)?", "Retirer %1 (carte %2) ?", "Rimuovere %1 (biglietto %2)?", "Xóa %1 (danh thiếp %2)?"),
        ("Removed %1's card.", "Carte de %1 retirée.", "Biglietto di %1 rimosso.", "Đã xóa danh thiếp của %1."),
        // Its refusals (`CardError`).
        ("there is no card with id %1; `homescreen card list` shows the ids.", "il n'y a pas de carte d'id %1 ; `homescreen card list` montre les id.", "non esiste un biglietto con id %1; `homescreen card list` mostra gli id.", "không có danh thiếp nào có id %1; `homescreen card list` cho xem các id."),
    ])

    static func addForm(_ language: Language) -> FeatureEffect<Message, NoMemory> {
        cardForm(language, title: "Add a card", card: nil, submitted: Message.addSubmitted)
    }

    /// Every field `card add` has, with the same limits, filled with `card`'s values.
    static func cardForm(_ language: Language, title: String, card: Card?,
                         submitted: @escaping @Sendable (Form) -> Message) -> FeatureEffect<Message, NoMemory> {
        func text(_ english: String) -> String { language.text(english, in: words) }
        let limits = CardDraft.limits.map(\.characters)
        return .form(Form(title: language.text(title, in: words, card?.fullName ?? ""), fields: [
            Form.Field(text("First name"), text: card?.firstName ?? "", placeholder: "Lan", maxLength: limits[0]),
            Form.Field(text("Last name"), text: card?.lastName ?? "", placeholder: "Nguyen", maxLength: limits[1]),
            Form.Field(text("Company"), text: card?.company ?? "", placeholder: text("(optional)"), maxLength: limits[2]),
            Form.Field(text("Title"), text: card?.title ?? "", placeholder: text("(optional)"), maxLength: limits[3]),
            Form.Field(text("E-mail"), text: card?.email ?? "", placeholder: "lan@example.com", maxLength: limits[4]),
            Form.Field(text("Phone"), text: card?.phone ?? "", placeholder: "+84 28 1234 5678", maxLength: limits[5]),
            Form.Field(text("Server id"), text: card?.serverCardID ?? "", placeholder: text("(optional)"), hint: text("(optional: the code is its URL)"), maxLength: limits[6]),
        ]), submitted: submitted)
    }

    /// The card form's values, checked as `card add` checks them; the sentence goes under the
    /// field it names.
    static func draft(_ form: Form, active: Bool) -> FormResult<CardDraft> {
        let values = form.fields.map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
        func optional(_ index: Int) -> String? { values[index].isEmpty ? nil : values[index] }
        let draft = CardDraft(serverCardID: optional(6), firstName: values[0], lastName: values[1], company: optional(2), title: optional(3),
                              email: optional(4), phone: optional(5), isActive: active)
        guard let problem = draft.problem else { return .success(draft) }
        let field = CardDraft.limits.firstIndex { problem.hasPrefix($0.option + " ") } ?? 0
        var rejected = form
        rejected.fields[field].error = form.fields[field].label + problem.dropFirst(CardDraft.limits[field].option.count)
        rejected.focus = field
        return .rejected(rejected)
    }

    public struct CardListing: Sendable {
        let cards: [Card], shown: Int64?
        init(_ listing: (cards: [Card], chosen: Int64?, shown: CardSelection)) {
            cards = listing.cards
            shown = listing.shown.shownID
        }
    }

    /// The picker's rows: names and companies, masked in privacy mode.
    func picker(_ listing: CardListing, privacy: Bool, language: Language) -> Picker {
        let items = listing.cards.map { card in
            let state = language.text(card.isActive ? "active" : "inactive", in: Self.words)
            let detail = privacy ? state : ([card.company].compactMap { $0 } + [state]).joined(separator: " · ")
            return Picker.Item(title: privacy ? "Card \(card.id)" : card.fullName, detail: detail, marked: card.id == listing.shown)
        }
        return Picker(title: language.text("Business card", in: Self.words), items: items, selection: listing.cards.firstIndex { $0.id == listing.shown } ?? 0,
                      keys: ["n": Self.addKey, "e": Self.editKey, "x": Self.removeKey], keyHint: language.text("n: add · e: edit · x: remove", in: Self.words))
    }

    public func fillDemo(_ store: any StoreBackend, today: LocalDate, at date: Date) throws {
        for card in CardDemo.cards { _ = try CardRepository(store).addCard(card, at: date) }
    }

    public func contents(_ store: any StoreBackend) throws -> String? {
        let count = try CardRepository(store).cards().count
        return count == 0 ? nil : "\(count) " + Language.english.plural(count, one: "business card", other: "business cards")
    }

    public func doctor(_ store: any StoreBackend) throws -> String? {
        let (cards, _, selection) = try CardRepository(store).cardListing()
        var shown = "none (no active card)"
        switch selection {
        case .card(let card, let chosen): shown = "card \(card.id)" + (chosen ? " (chosen)" : " (the first active one; none chosen)")
        case .unavailable(let id): shown = "none: the chosen card \(id) was removed; `homescreen card select ID` chooses another"
        case .noCards: break
        }
        return "\(cards.count) " + Language.english.plural(cards.count, one: "card", other: "cards") + ", \(cards.filter(\.isActive).count) active; shown: \(shown)"
    }
}
