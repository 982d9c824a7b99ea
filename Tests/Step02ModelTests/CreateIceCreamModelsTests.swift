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
    /// Hint: The response stores the domain model as it is: formatting is the presenter's job, not the interactor's.
    /// Hint: A computed property stores nothing. The check looks for one stored property named iceCreamData of type
    ///   IceCream: exactly IceCream, not IceCream? or IceCream!.
    /// Hint: struct Response { var iceCreamData: IceCream }
    @Test("A Response stores the domain model itself, as iceCreamData")
    func responseStoresDomainModel() {
        // Given
        let menu = Seeds.iceCream

        // When
        let sut = CreateIceCream.LoadIceCream.Response(iceCreamData: menu)

        // Then
        // A Response stores one property, `var iceCreamData: IceCream`: exactly that type, not optional, nothing else.
        #expect(StoredProperty.all(of: sut).map(\.description) == ["iceCreamData: IceCream"])
    }

    /// Look in: CreateIceCream/CreateIceCreamModels.swift at `struct ViewModel`
    /// Hint: A ViewModel keeps the three lists the pickers show, each under its own name, in order.
    /// Hint: Replace the stub's init and computed properties with three stored properties: cones, flavors, toppings.
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
    /// Hint: What reaches the view is display-ready: plain strings, no IceCream, nothing else stored.
    /// Hint: The check reads the view model's stored properties: exactly cones, flavors and toppings, each a [String]
    ///   (not [String]?).
    /// Hint: struct ViewModel { var cones: [String]; var flavors: [String]; var toppings: [String] }, and nothing else
    ///   stored.
    @Test("A ViewModel stores only display-ready lists of strings")
    func viewModelStoresStrings() {
        // Given
        let menu = Seeds.iceCream

        // When
        let sut = CreateIceCream.LoadIceCream.ViewModel(
            cones: menu.cones,
            flavors: menu.flavors,
            toppings: menu.toppings
        )

        // Then
        let stored = StoredProperty.all(of: sut).map(\.description).sorted()
        // A ViewModel stores `cones`, `flavors` and `toppings`, each exactly [String] (not optional), and nothing else.
        #expect(stored == ["cones: Array<String>", "flavors: Array<String>", "toppings: Array<String>"])
    }
}
