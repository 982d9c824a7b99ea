/// The payloads of the Order detail scene.
enum OrderDetail {
    /// Showing the order the Orders scene handed on.
    enum Show {
        struct Request {}

        struct Response {
            let order: Order?
        }

        struct ViewModel: Equatable {
            let title: String
            let lines: [String]
        }
    }
}
