import Authentication
import Seeds
import Testing

@testable import Step06Router

@Suite("LoginInteractor keeps the signed-in user for the router")
struct LoginInteractorTests {
    @Test(
        "A login keeps exactly the signed-in user as authenticatedUser; a failed one keeps nobody",
        arguments: Seeds.accounts)
    func keepsTheSignedInUser(account: AccountSeed) async throws {
        // Given
        let sut = LoginInteractor(service: try Seeds.authenticationService())
        let wrongPassword = Login.Authenticate.Request(email: account.user.email, password: Seeds.wrongPassword)
        let rightPassword = Login.Authenticate.Request(email: account.user.email, password: account.password)

        // When
        await sut.authenticate(request: wrongPassword)
        let keptAfterFailure = sut.authenticatedUser
        await sut.authenticate(request: rightPassword)

        // Then
        // A failed login leaves the data store empty: there is nobody to take home.
        #expect(keptAfterFailure == nil)
        // authenticate(request:) stores the user the service answered with in authenticatedUser, before presenting.
        #expect(sut.authenticatedUser == account.user)
    }
}
