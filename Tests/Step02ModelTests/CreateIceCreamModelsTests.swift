import ScoopsAndScones
import Seeds
import Testing

@testable import Step02Model

@Suite("The CreateIceCream.LoadIceCream payloads")
struct CreateIceCreamModelsTests {
    /// Look in: CreateIceCream/CreateIceCreamModels.swift at `struct Response`
    /// Hint: A Response carries the loaded menu from the interactor to the presenter, unchanged.
    /// Hint: The stub's init ignores its argument and iceCreamData is computed. Replace both with one stored property.
    /// Hint: Inside `struct Response`, keep only `var iceCreamData: IceCream`: Swift writes init(iceCreamData:) for
    ///   you.
    @Test("A Response keeps the menu it was made with", arguments: Seeds.menus)
    func responseKeepsMenu(seed: MenuSeed) {
        // Given
        let menu = seed.iceCream

        // When
        let sut = CreateIceCream.LoadIceCream.Response(iceCreamData: menu)

        // Then
        // Response.iceCreamData hands back the very menu passed to init(iceCreamData:).
        #expect(sut.iceCreamData == menu)
    }

    /// Look in: CreateIceCream/CreateIceCreamModels.swift at `struct Response`
    /// Hint: Three hundred made-up menus go into Responses, all made before any is read: each must come back as it
    ///   went in, name for name. And two Responses compare equal (if you make them Equatable) only when their menus are
    ///   the same, every list of them.
    /// Hint: Store the menu itself; no static, no cache, nothing changed on the way in. If you write == by hand,
    ///   compare all three lists; better, let Swift write it.
    /// Hint: struct Response { var iceCreamData: IceCream }, and no == of your own.
    @Test("Responses made side by side each keep their own menu, and equal means the same menu")
    func generatedResponsesKeepTheirMenus() {
        // Given
        let menus = GeneratedMenus.all()
        let pairs = MenuPair.generated()

        // When
        let responses = menus.map { CreateIceCream.LoadIceCream.Response(iceCreamData: $0.iceCream) }

        // Then
        let lost = zip(menus, responses).firstMiss { menu, response in
            sameMenu(response.iceCreamData, menu.iceCream)
                ? nil : "a Response made with \(menu) gives back \(describeMenu(response.iceCreamData))"
        }
        // Each Response keeps the very menu it was made with, whatever was made before or after it.
        #expect(lost == nil)
        let misjudged = pairs.firstMiss { pair in
            let first = CreateIceCream.LoadIceCream.Response(iceCreamData: pair.first)
            let second = CreateIceCream.LoadIceCream.Response(iceCreamData: pair.second)
            guard let equal = ownEquality(first, second), equal != pair.sameLists else { return nil }
            return "Responses with \(pair) compare \(equal ? "equal" : "unequal")"
        }
        // A Response that is Equatable compares its whole menu: let Swift write ==, or compare all three lists.
        #expect(misjudged == nil)
    }

    /// Look in: CreateIceCream/CreateIceCreamModels.swift at `struct Response`
    /// Hint: The payloads carry data and nothing else: a Request carries nothing (loading needs no input), a Response
    ///   the domain model as it is, as a value: no object inside, which every copy would share. Formatting is the
    ///   presenter's job, not the interactor's.
    /// Hint: A computed property stores nothing. The check reads what each struct stores: nothing in Request; one
    ///   property named iceCreamData of type IceCream in Response: exactly IceCream, not IceCream? or IceCream!. Both
    ///   stay structs.
    /// Hint: struct Request {} as given; struct Response { var iceCreamData: IceCream }
    @Test("A Request carries nothing, and a Response stores the domain model itself, as iceCreamData")
    func responseStoresDomainModel() {
        // Given
        let menu = Seeds.iceCream

        // When
        let sut = CreateIceCream.LoadIceCream.Response(iceCreamData: menu)
        let request = CreateIceCream.LoadIceCream.Request()

        // Then
        // Nothing in a Response allows for a failed load: iceCreamData is never optional and no error travels in it, since only a menu that loaded is presented.
        #expect(allowingForFailure(sut, expected: ["iceCreamData"]) == [])
        // Nothing in a Response is shared by its copies: it holds no object (a class instance, or anything AnyObject), so the menu handed on cannot change under the interactor or the presenter.
        #expect(sharedByCopies(sut) == [])
        // A Response stores one property, `var iceCreamData: IceCream`: exactly that type, not optional, nothing else.
        #expect(StoredProperty.all(of: sut).map(\.description) == ["iceCreamData: IceCream"])
        // Loading needs no input: a Request stores nothing, as the starter gives it.
        #expect(StoredProperty.all(of: request).map(\.description) == [])
        // The payloads are values: Request and Response stay structs, copied whole from part to part.
        #expect(
            [Mirror(reflecting: sut).displayStyle, Mirror(reflecting: request).displayStyle] == [.struct, .struct])
    }

    /// Look in: CreateIceCream/CreateIceCreamModels.swift at `struct ViewModel`
    /// Hint: A ViewModel keeps the three lists the pickers show, each under its own name, in order.
    /// Hint: Replace the stub's init and computed properties with three stored properties: cones, flavors, toppings,
    ///   each kept exactly as given: not sorted, trimmed, capitalized, de-duplicated or cut short.
    /// Hint: struct ViewModel { var cones: [String]; var flavors: [String]; var toppings: [String] }
    @Test("A ViewModel keeps its cones, flavors and toppings, each in its own list", arguments: Seeds.menus)
    func viewModelKeepsLists(seed: MenuSeed) {
        // Given
        let menu = seed.iceCream

        // When
        let sut = CreateIceCream.LoadIceCream.ViewModel(
            cones: menu.cones,
            flavors: menu.flavors,
            toppings: menu.toppings
        )

        // Then
        // `cones` gives back the cones it was made with, in their order, repeats and spaces kept.
        #expect(sut.cones == menu.cones)
        // `flavors` gives back the flavors it was made with, in their order, repeats and spaces kept.
        #expect(sut.flavors == menu.flavors)
        // `toppings` gives back the toppings it was made with, in their order, repeats and spaces kept.
        #expect(sut.toppings == menu.toppings)
    }

    /// Look in: CreateIceCream/CreateIceCreamModels.swift at `struct ViewModel`
    /// Hint: Three hundred made-up menus go into ViewModels, all made before any is read: each list must come back as
    ///   it went in, blank names, repeats, capitals and spaces kept. And two ViewModels compare equal (if you make them
    ///   Equatable) only when all three lists are the same, in order.
    /// Hint: Store the three lists as they are given; no static, no filtering. If you write == by hand, compare the
    ///   lists as arrays (not as sets), all three; better, let Swift write it.
    /// Hint: struct ViewModel { var cones: [String]; var flavors: [String]; var toppings: [String] }, and no == of your
    ///   own.
    @Test("ViewModels made side by side each keep their own lists, and equal means the same lists in order")
    func generatedViewModelsKeepTheirLists() {
        // Given
        let menus = GeneratedMenus.all()
        let pairs = MenuPair.generated()

        // When
        let viewModels = menus.map { menu in
            CreateIceCream.LoadIceCream.ViewModel(
                cones: menu.iceCream.cones, flavors: menu.iceCream.flavors, toppings: menu.iceCream.toppings)
        }

        // Then
        let lost = zip(menus, viewModels).firstMiss { menu, viewModel in
            viewModel.cones == menu.iceCream.cones && viewModel.flavors == menu.iceCream.flavors
                && viewModel.toppings == menu.iceCream.toppings
                ? nil
                : "a ViewModel made with the lists of \(menu) gives back cones \(String(describing: viewModel.cones)), "
                    + "flavors \(String(describing: viewModel.flavors)), toppings \(String(describing: viewModel.toppings))"
        }
        // Each ViewModel keeps the lists it was made with, each under its own name, whatever was made before or after it.
        #expect(lost == nil)
        let misjudged = pairs.firstMiss { pair in
            let first = CreateIceCream.LoadIceCream.ViewModel(
                cones: pair.first.cones, flavors: pair.first.flavors, toppings: pair.first.toppings)
            let second = CreateIceCream.LoadIceCream.ViewModel(
                cones: pair.second.cones, flavors: pair.second.flavors, toppings: pair.second.toppings)
            guard let equal = ownEquality(first, second), equal != pair.sameLists else { return nil }
            return "ViewModels with the lists of \(pair) compare \(equal ? "equal" : "unequal")"
        }
        // A ViewModel that is Equatable compares all three lists, in order: let Swift write ==.
        #expect(misjudged == nil)
    }

    /// Look in: CreateIceCream/CreateIceCreamModels.swift at `struct ViewModel`
    /// Hint: What reaches the view is display-ready: plain strings, no IceCream, nothing else stored, and no object
    ///   (a class instance is shared by every copy). And a ViewModel is only carried: the presenter hands it to the
    ///   view (step 4); it never fills a screen by itself.
    /// Hint: The check reads the view model's stored properties: exactly cones, flavors and toppings, each a [String]
    ///   (not [String]?). It checks ViewModel is a struct of its own, not IceCream under another name, and that a
    ///   screen made before it still shows nothing.
    /// Hint: struct ViewModel { var cones: [String]; var flavors: [String]; var toppings: [String] }, and nothing else
    ///   stored, no init, no static.
    @Test("A ViewModel stores only display-ready lists of strings")
    @MainActor
    func viewModelStoresStrings() {
        // Given
        let menu = Seeds.iceCream
        let screen = CreateIceCreamView()

        // When
        let sut = CreateIceCream.LoadIceCream.ViewModel(
            cones: menu.cones,
            flavors: menu.flavors,
            toppings: menu.toppings
        )

        // Then
        let stored = StoredProperty.all(of: sut).map(\.description)
        // Nothing in a ViewModel allows for a failed load: its lists are never optional and no error travels in it, since only a menu that loaded is displayed.
        #expect(allowingForFailure(sut, expected: ["cones", "flavors", "toppings"]) == [])
        // Nothing in a ViewModel is shared by its copies: it holds no object (a class instance, or anything AnyObject), so the lists handed to the view cannot change after they are displayed.
        #expect(sharedByCopies(sut) == [])
        // A ViewModel stores `cones`, `flavors` and `toppings`, in that order (init(cones:flavors:toppings:) follows it), each exactly [String], and nothing else.
        #expect(stored == ["cones: Array<String>", "flavors: Array<String>", "toppings: Array<String>"])
        // A ViewModel is a value, as the starter declares it: a struct, copied whole to the view.
        #expect(Mirror(reflecting: sut).displayStyle == .struct)
        // A ViewModel is a type of its own, in the screen's terms: not the domain IceCream under another name.
        #expect(type(of: sut) != IceCream.self)
        // Making a ViewModel fills no screen: the pickers show a menu only when the presenter hands one over.
        #expect(
            screen.iceCream.displayedCones + screen.iceCream.displayedFlavors + screen.iceCream.displayedToppings == [])
    }
}

/// What `subject` stores to allow for a failed or unfinished load: one of the `expected` properties declared optional or
/// implicitly unwrapped (both are an Optional to Mirror), or any property that holds an Error or a Result, however
/// wrapped.
private func allowingForFailure(_ subject: Any, expected: Set<String>) -> [String] {
    StoredProperty.all(of: subject).filter { property in
        let optional = String(reflecting: property.declaredType).hasPrefix("Swift.Optional<")
        let failure = property.heldTypes.contains {
            $0 is any Error.Type || String(reflecting: $0).hasPrefix("Swift.Result<")
        }
        return (optional && expected.contains(property.name)) || failure
    }.map(\.description)
}

/// What `subject` stores that every copy of it shares: an object, a class instance or anything declared `AnyObject`,
/// however wrapped (optional, weak, in an array). A payload is a value; an object inside it is one for all its copies.
private func sharedByCopies(_ subject: Any) -> [String] {
    StoredProperty.all(of: subject).filter { property in
        property.heldTypes.contains { $0 is AnyObject.Type || $0 == AnyObject.self }
    }.map(\.description)
}
