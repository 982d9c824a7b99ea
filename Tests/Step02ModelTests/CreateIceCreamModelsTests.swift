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
        // A Response stores one property, `var iceCreamData: IceCream`: exactly that type, not optional, nothing else.
        #expect(StoredProperty.all(of: sut).map(\.description) == ["iceCreamData: IceCream"])
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
        // `cones` gives back the cones it was made with, in their order, repeats and spaces kept.
        #expect(sut.cones == menu.cones)
        // `flavors` gives back the flavors it was made with, in their order, repeats and spaces kept.
        #expect(sut.flavors == menu.flavors)
        // `toppings` gives back the toppings it was made with, in their order, repeats and spaces kept.
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
        let stored = StoredProperty.all(of: sut).map(\.description).sorted()
        // A ViewModel stores `cones`, `flavors` and `toppings`, each exactly [String] (not optional), and nothing else.
        #expect(stored == ["cones: Array<String>", "flavors: Array<String>", "toppings: Array<String>"])
    }
}
