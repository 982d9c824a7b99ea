/// Where the app starts: `kata run` shows the view this makes, as the tutorial's
/// ContentView does in its `body`.
struct ContentView {
    var body: CreateIceCreamView {
        // TODO: start the app from a configured view.
        CreateIceCreamView()
    }
}
