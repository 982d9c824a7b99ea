import ScoopsAndScones
import TerminalUI

/// The app's screen: choose a cone or cup, a flavor and a topping, then DONE.
///
/// The tutorial's view is a SwiftUI `View`. There is no SwiftUI on Linux, so this is
/// a plain class that draws itself with the kit's terminal components in `body`.
final class CreateIceCreamView: TerminalView {
    /// The lists the pickers offer.
    let iceCream: IceCreamDataStore

    // What has been chosen so far: screen state, which SwiftUI would keep in @State.
    private(set) var selectedCone: String?
    private(set) var selectedFlavor: String?
    private(set) var selectedTopping: String?
    private(set) var isDone = false

    init(iceCream: IceCreamDataStore = IceCreamDataStore()) {
        self.iceCream = iceCream
    }

    func onAppear() {
        // Nothing asks for the menu yet: the VIP cycle starts here in step 3.
    }

    var body: Screen {
        Screen("Scoops&Scones") {
            Picker(
                "Cone or cup", key: "cone",
                options: iceCream.displayedCones, selection: selectedCone
            ) { self.selectedCone = $0 }
            Picker(
                "Flavor", key: "flavor",
                options: iceCream.displayedFlavors, selection: selectedFlavor,
                disabledReason: selectedCone == nil ? "choose a cone or cup first" : nil
            ) { self.selectedFlavor = $0 }
            Picker(
                "Topping", key: "topping",
                options: iceCream.displayedToppings, selection: selectedTopping,
                disabledReason: selectedFlavor == nil ? "choose a flavor first" : nil
            ) { self.selectedTopping = $0 }
            Button("DONE", disabledReason: selectedTopping == nil ? "choose all three first" : nil) {
                self.isDone = true
            }
            Text(preparingLine)
        }
    }

    private var preparingLine: String {
        guard let selectedCone, let selectedFlavor, let selectedTopping, isDone else {
            let chosen = [selectedCone, selectedFlavor, selectedTopping].compactMap { $0 }
            return chosen.isEmpty ? "Preparing…" : "Preparing: " + chosen.joined(separator: ", ")
        }
        return "Here you are: \(selectedFlavor) in a \(selectedCone), with \(selectedTopping)."
    }
}
