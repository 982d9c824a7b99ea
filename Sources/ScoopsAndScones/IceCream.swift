/// The Scoops&Scones menu: everything the shop can put together into an ice cream.
///
/// This is the app's domain model, shared by every scene. It is decoded from
/// `icecream.json` and never formatted for display: presenters do that.
public struct IceCream: Codable, Hashable, Sendable {
    public var cones: [String]
    public var flavors: [String]
    public var toppings: [String]

    public init(cones: [String], flavors: [String], toppings: [String]) {
        self.cones = cones
        self.flavors = flavors
        self.toppings = toppings
    }
}
