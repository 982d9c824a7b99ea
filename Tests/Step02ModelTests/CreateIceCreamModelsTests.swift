import ScoopsAndScones
import Seeds
import Testing

@testable import Step02Model

@Suite("The CreateIceCream.LoadIceCream payloads")
struct CreateIceCreamModelsTests {
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

    @Test("A Response stores the domain model itself, as iceCreamData")
    func responseStoresDomainModel() {
        // Given
        let menu = Seeds.iceCream

        // When
        let sut = CreateIceCream.LoadIceCream.Response(iceCreamData: menu)

        // Then
        // A Response has one stored property, `var iceCreamData: IceCream`: the interactor does not format.
        let stored = Mirror(reflecting: sut).children
        #expect(stored.map(\.label) == ["iceCreamData"])
        #expect(stored.allSatisfy { $0.value is IceCream })
    }

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
        // Each list comes back from the property of the same name, in its order.
        #expect(sut.cones == menu.cones)
        #expect(sut.flavors == menu.flavors)
        #expect(sut.toppings == menu.toppings)
    }

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
        // A ViewModel stores `cones`, `flavors` and `toppings` as [String]: no domain types reach the view.
        let stored = Mirror(reflecting: sut).children
        #expect(stored.map(\.label) == ["cones", "flavors", "toppings"])
        #expect(stored.allSatisfy { $0.value is [String] })
    }
}
