/// Where the app starts: `kata run` shows the view this makes. The Login scene comes
/// out of its configurator already wired, as the guide's app would show it.
struct ContentView {
    var body: LoginViewController {
        LoginConfigurator.configure()
    }
}
