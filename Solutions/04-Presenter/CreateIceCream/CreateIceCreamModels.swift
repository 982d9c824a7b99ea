import ScoopsAndScones

/// The payloads of the CreateIceCream scene, one use case at a time.
enum CreateIceCream {
    /// Loading the menu and showing it in the pickers.
    enum LoadIceCream {
        /// From the view to the interactor: loading needs no input.
        struct Request {}

        /// From the interactor to the presenter: the menu, as the domain model.
        struct Response {
            var iceCreamData: IceCream
        }

        /// From the presenter to the view: only what the screen shows.
        struct ViewModel {
            var cones: [String]
            var flavors: [String]
            var toppings: [String]
        }
    }
}
