/// Someone who can sign in to the app. The Login scene finds one; Home greets them.
public struct User: Codable, Hashable, Sendable {
    public let id: String
    public let name: String
    public let email: String

    public init(id: String, name: String, email: String) {
        self.id = id
        self.name = name
        self.email = email
    }
}
