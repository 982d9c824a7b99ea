/// The payloads of the Orders scene.
enum Orders {
    /// Loading the signed-in customer's recent orders.
    enum Load {
        /// From the view to the interactor: loading needs no input; the interactor knows the customer.
        struct Request {}

        /// From the interactor to the presenter: the recent orders, newest first, or why there are none.
        struct Response {
            let result: Result<[Order], OrdersServiceError>
        }

        /// From the presenter to the view: only what the screen shows, as text.
        struct ViewModel: Equatable {
            /// One line on screen per order.
            struct Row: Equatable {
                let id: String
                let date: String
                let items: String
                let total: String
            }

            let rows: [Row]
            /// What the screen says when there are no orders to show; nil otherwise.
            let emptyMessage: String?
            /// What went wrong, in words the customer can act on; nil when nothing did.
            let errorMessage: String?
        }
    }
}
