import Authentication

/// The payloads of the Home scene.
enum Home {
    /// Showing who is signed in.
    enum ShowUser {
        /// From the view to the interactor: showing needs no input.
        struct Request {}

        /// From the interactor to the presenter: the user Login handed on, if any.
        struct Response {
            let user: User?
        }

        /// From the presenter to the view: the lines the screen shows.
        struct ViewModel {
            let greeting: String
            let detail: String
        }
    }
}
