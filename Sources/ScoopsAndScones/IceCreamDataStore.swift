/// What the CreateIceCream screen shows: the lists the pickers offer.
///
/// The tutorial makes this an `ObservableObject` so SwiftUI redraws when it changes;
/// the terminal redraws after every input instead, so a plain class is enough.
@MainActor
public final class IceCreamDataStore {
    public var displayedCones: [String] = []
    public var displayedFlavors: [String] = []
    public var displayedToppings: [String] = []

    public init() {}
}
