/// The payloads of the Orders scene.
public enum Orders {
    /// Loading the signed-in customer's recent orders.
    public enum Load {
        /// From the view to the interactor: loading needs no input; the interactor knows the customer.
        public struct Request {
            /// A request: there is nothing to fill in.
            public init() {}
        }

        /// From the interactor to the presenter: the recent orders, newest first, or why there are none.
        public struct Response {
            public let result: Result<[Order], OrdersServiceError>

            /// A response carrying the recent orders, or the error that left none.
            public init(result: Result<[Order], OrdersServiceError>) {
                self.result = result
            }
        }

        /// From the presenter to the view: only what the screen shows, as text.
        public struct ViewModel: Equatable {
            /// One line on screen per order.
            public struct Row: Equatable {
                public let id: String
                public let date: String
                public let items: String
                public let total: String

                /// A row showing these texts, each as the screen writes it.
                public init(id: String, date: String, items: String, total: String) {
                    self.id = id
                    self.date = date
                    self.items = items
                    self.total = total
                }
            }

            public let rows: [Row]
            /// What the screen says when there are no orders to show; nil otherwise.
            public let emptyMessage: String?
            /// What went wrong, in words the customer can act on; nil when nothing did.
            public let errorMessage: String?

            /// A view model showing these rows and messages.
            public init(rows: [Row], emptyMessage: String?, errorMessage: String?) {
                self.rows = rows
                self.emptyMessage = emptyMessage
                self.errorMessage = errorMessage
            }
        }
    }
}
