extension HintCatalog {
    static let login: [CheckGuide] = [
        // MARK: Step 6: the interactor as the scene's data store
        CheckGuide(
            step: 6, key: "LoginInteractorTests/keepsTheSignedInUser(account:)",
            file: "Login/LoginInteractor.swift", symbol: "var authenticatedUser",
            hints: [
                "The interactor is also the scene's LoginDataStore: after a login it remembers who signed in, so the router has someone to hand to Home. After a failed login it remembers nobody.",
                "The stub's getter always answers nil and its setter drops the value. Make authenticatedUser a plain stored property, then set it in authenticate(request:) as soon as the service answers with a user.",
                "Declare `var authenticatedUser: User?` with no body, and in the do block write `authenticatedUser = user` right after `let user = try await service.logIn(…)`, before presentLoginResult.",
            ]
        ),
        CheckGuide(
            step: 6, key: "LoginInteractorTests/loginPresentsInOrder(attempt:)",
            file: "Login/LoginInteractor.swift", symbol: "func authenticate",
            hints: [
                "The view routes home the moment it displays a success, and the router reads authenticatedUser right then: the user must already be kept when the result is presented. Loading still goes on first and off last, on every path, and the interactor reaches the screen only through its presenter.",
                "In authenticate(request:), set authenticatedUser on the line after the service answers, before presentLoginResult, and not inside a Task. Keep the starter's presentLoading(isLoading: true) and its `defer`. If you gave the interactor a view or a router property, remove it: routing is the view's and the router's job.",
                "presenter?.presentLoading(isLoading: true); defer { presenter?.presentLoading(isLoading: false) }; do { let user = try await service.logIn(email: request.email, password: request.password); authenticatedUser = user; presenter?.presentLoginResult(response: Login.Authenticate.Response(result: .success(user))) } catch …, as the starter has it, with `authenticatedUser = user` added.",
            ]
        ),

        // MARK: Step 6: the router
        CheckGuide(
            step: 6, key: "LoginRouterTests/passDataToHomeCopiesTheUser(account:)",
            file: "Login/LoginRouter.swift", symbol: "func passDataToHome",
            hints: [
                "Passing data is a small job of its own: copy what Home needs from Login's data store into Home's. Showing Home is a separate job, done elsewhere.",
                "Use only the two arguments: read the user from `source` and write it into `destination`. Don't touch self.dataStore, the navigator or HomeConfigurator here.",
                "The whole body: `destination.currentUser = source.authenticatedUser`.",
            ]
        ),
        CheckGuide(
            step: 6, key: "LoginRouterTests/routeToHomeReplacesTheRoot(account:)",
            file: "Login/LoginRouter.swift", symbol: "func routeToHome",
            hints: [
                "After a login the router builds the Home scene, gives it the signed-in user and only then makes it the only screen, so Home never shows without its user and there is no going back to Login.",
                "HomeConfigurator.configure() makes Home, and `home.router?.dataStore` is the data store to fill with passDataToHome(source:destination:). Fill it first, then ask viewController?.navigator to replaceRoot(with:) Home, once: not push, not present, and no alert on the way.",
                "let home = HomeConfigurator.configure(); guard let dataStore, var destination = home.router?.dataStore else { return }; passDataToHome(source: dataStore, destination: &destination); viewController?.navigator?.replaceRoot(with: home), in that order.",
            ]
        ),
        CheckGuide(
            step: 6, key: "LoginRouterTests/routeToHomeWithoutUserStays()",
            file: "Login/LoginRouter.swift", symbol: "func routeToHome",
            hints: [
                "If nobody has signed in, Home has nobody to greet. The router stays on Login and tells the person why, instead of showing an empty Home.",
                "Look at dataStore?.authenticatedUser before you build anything. If it is nil, don't ask the navigator for anything: call viewController?.showAlert(title:message:) with a message that is not empty, and return.",
                "Begin routeToHome() with `guard dataStore?.authenticatedUser != nil else { viewController?.showAlert(title: \"Not signed in\", message: \"Log in first, then Home can greet you.\"); return }`.",
            ]
        ),
        CheckGuide(
            step: 6, key: "LoginRouterTests/routeToForgotPasswordPushes()",
            file: "Login/LoginRouter.swift", symbol: "func routeToForgotPassword",
            hints: [
                "Forgot Password is a side trip. The router pushes that scene on top, so Login stays underneath and the person can come back to it.",
                "ForgotPasswordConfigurator.configure() makes the scene. The view's navigator shows it: push, not replaceRoot.",
                "viewController?.navigator?.push(ForgotPasswordConfigurator.configure())",
            ]
        ),
        CheckGuide(
            step: 6, key: "LoginRouterTests/routeToSignupPushes()",
            file: "Login/LoginRouter.swift", symbol: "func routeToSignup",
            hints: [
                "Signing up is a side trip too. The router pushes the Sign up scene on top of Login, which stays underneath.",
                "SignupConfigurator.configure() makes the scene. Hand it to push on the view's navigator, once.",
                "viewController?.navigator?.push(SignupConfigurator.configure())",
            ]
        ),

        // MARK: Step 6: the view asks the router
        CheckGuide(
            step: 6, key: "LoginViewControllerTests/successfulLoginRoutesHome()",
            file: "Login/LoginViewController.swift", symbol: "func displayLoginResult",
            hints: [
                "The view makes no decision about where to go: when the presenter says the login worked, it asks the router for Home. A failure stays on Login with its alert, as it does already.",
                "In displayLoginResult(viewModel:), inside the `if viewModel.isSuccess` branch and after keeping the welcome message, add one call to the router.",
                "if viewModel.isSuccess { welcomeMessage = viewModel.welcomeMessage; router?.routeToHome() }",
            ]
        ),
        CheckGuide(
            step: 6, key: "LoginViewControllerTests/buttonsAskTheRouter()",
            file: "Login/LoginViewController.swift", symbol: "func forgotPasswordTapped",
            hints: [
                "A button press only tells the router where the person wants to go. The router knows how to get there.",
                "forgotPasswordTapped() and signupTapped() each need one line: call the route of the same name on router.",
                "func forgotPasswordTapped() { router?.routeToForgotPassword() } and func signupTapped() { router?.routeToSignup() }",
            ]
        ),

        // MARK: Step 6: the configurator
        CheckGuide(
            step: 6, key: "LoginConfiguratorTests/routerIsWired()",
            file: "Login/LoginConfigurator.swift", symbol: "static func configure",
            hints: [
                "The router is made in the same place as the rest of the scene. configure() gives it to the view, and tells it which view to route from and which data store to read. Configuring only connects: it validates nothing and routes nowhere. And a router only navigates and hands data on, so it holds no interactor, presenter or service of its own.",
                "In configure(), make a LoginRouter. The view gets it as `router`; the router gets the view as `viewController` and the interactor (this scene's LoginDataStore) as `dataStore`. Call nothing else there. In LoginRouter, keep only `viewController` and `dataStore`: read the user through dataStore.",
                "let router = LoginRouter(); viewController.router = router; router.viewController = viewController; router.dataStore = interactor; then return viewController.",
            ]
        ),
        CheckGuide(
            step: 6, key: "LoginConfiguratorTests/releasingTheViewFreesTheScene()",
            file: "Login/LoginRouter.swift", symbol: "var viewController",
            hints: [
                "Once the view is released, the whole scene must go with it. The view owns its interactor and its router, so neither may hold the view strongly.",
                "This check needs a LoginRouter on the view to watch, so configure() must make one; and the router's way back to the view, `viewController` in LoginRouter.swift, must not keep the view alive.",
                "In LoginRouter: `weak var viewController: LoginViewController?`. In configure(): let router = LoginRouter(); viewController.router = router; router.viewController = viewController; router.dataStore = interactor.",
            ]
        ),
        CheckGuide(
            step: 6, key: "LoginConfiguratorTests/loggingInLandsOnHome(account:)",
            file: "Login/LoginConfigurator.swift", symbol: "static func configure",
            hints: [
                "This check goes all the way: the interactor keeps the user, the view asks the router, the router hands Home that user and makes Home the root, and Home greets them.",
                "If the other step 6 checks pass, this one does too. Fix the interactor, router and view checks first, then make sure configure() connects that router to this view and this interactor. Order matters twice: the user is kept before the result is presented, and passed to Home before Home is shown.",
                "Four pieces: `authenticatedUser = user` before presentLoginResult in the interactor, `router?.routeToHome()` on success in the view, passDataToHome then `replaceRoot(with: home)` in routeToHome(), and `viewController.router = router; router.viewController = viewController; router.dataStore = interactor` in configure().",
            ]
        ),

        // MARK: Step 7: the worker
        CheckGuide(
            step: 7, key: "LoginWorkerTests/loginAnswersWithTheServiceUser(attempt:)",
            file: "Login/LoginWorker.swift", symbol: "func login",
            hints: [
                "The worker is the part that talks to the outside world. login passes the credentials to the service it was given exactly as they were typed (the service knows how to match an email), and answers with that service's user. It knows nothing of the scene: no view, presenter, interactor or router.",
                "Replace `throw NotWrittenYet(…)` with one awaited call on the injected `service` (not a new service), with the same email and password: don't trim or lowercase them. Return what it returns. Remove any view or presenter property you gave the worker.",
                "func login(email: String, password: String) async throws -> User { try await service.logIn(email: email, password: password) }",
            ]
        ),
        CheckGuide(
            step: 7, key: "LoginWorkerTests/loginLetsAuthErrorsThrough(error:)",
            file: "Login/LoginWorker.swift", symbol: "func login",
            hints: [
                "When the service refuses a login, the worker passes its AuthError on unchanged. The interactor decides what the error means for the screen.",
                "No do/catch and no mapping: `try await` already lets whatever the service throws reach the caller. Call the service once.",
                "The whole body is `try await service.logIn(email: email, password: password)`, with no catch and no new error.",
            ]
        ),
        CheckGuide(
            step: 7, key: "LoginWorkerTests/loginLetsOtherErrorsThrough()",
            file: "Login/LoginWorker.swift", symbol: "func login",
            hints: [
                "Not every failure is an AuthError: a dropped connection throws its own error. The worker passes that on unchanged too. Turning it into AuthError.unknown is the interactor's decision, not the worker's.",
                "Catch nothing in login(email:password:): no do/catch that maps errors, no try?. `try await` already hands whatever the service throws to the caller.",
                "The whole body is `try await service.logIn(email: email, password: password)`: no `catch { throw AuthError.unknown }`.",
            ]
        ),
        CheckGuide(
            step: 7, key: "LoginWorkerTests/acceptsWellFormedCredentials(check:)",
            file: "Login/LoginWorker.swift", symbol: "func validateCredentials",
            hints: [
                "Validation must let good credentials through: no message for a field that is fine. Spaces or a line break around an email are not a mistake, and neither are capitals, dotted names, subdomains or letters outside ASCII, even after the last dot (zoë@café.example, ada@orbit.рф). A password is judged as typed: spaces count, and length is in characters, not bytes.",
                "Answer nil for each field that breaks no rule. Trim the email with .whitespacesAndNewlines (both ends) before you judge it, and allow any character but @, spaces and dots in each part, with any number of dotted parts after the @. Never trim the password; count it with password.count: 8 or more is fine, even if some are spaces.",
                #"ValidationResult(emailError: <the email's problem or nil>, passwordError: <the password's problem or nil>), where a trimmed email is fine when it wholeMatches /[^@\s]+@[^@\s.]+(\.[^@\s.]+)*\.\p{L}{2,}/ and a password is fine with count >= LoginWorker.minimumPasswordLength and not only spaces."#,
            ]
        ),
        CheckGuide(
            step: 7, key: "LoginWorkerTests/namesEachProblem(check:)",
            file: "Login/LoginWorker.swift", symbol: "func validateCredentials",
            hints: [
                "Each mistake gets its own message so the person knows what to fix. An empty field and a badly shaped one are different problems, and each field is judged on its own, even when the other is wrong too. Almost-right emails count as malformed: two @, nothing before the @, a dot right after it, two dots in a row, a dot at the end, a digit after the last dot.",
                "Email, trimmed: empty gives ValidationMessage.emptyEmail, otherwise a shape other than name@domain.tld gives .malformedEmail (every part between dots is non-empty; two letters or more after the last dot). Password: empty or only spaces gives .emptyPassword, otherwise fewer than LoginWorker.minimumPasswordLength characters gives .shortPassword: count Characters (password.count), not utf8, utf16 or unicodeScalars.",
                #"Write one small function per field, each returning a ValidationMessage or nil. Email: `let email = email.trimmingCharacters(in: .whitespacesAndNewlines)`; if email.isEmpty → .emptyEmail; if email.wholeMatch(of: /[^@\s]+@[^@\s.]+(\.[^@\s.]+)*\.\p{L}{2,}/) == nil → .malformedEmail. Password: if password.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty → .emptyPassword; if password.count < Self.minimumPasswordLength → .shortPassword."#,
            ]
        ),

        // MARK: Step 7: the interactor orchestrates
        CheckGuide(
            step: 7, key: "LoginInteractorTests/successfulLogin(account:)",
            file: "Login/LoginInteractor.swift", symbol: "func authenticate",
            hints: [
                "The interactor orchestrates and does none of the work itself: loading on, ask the worker, keep the user, present the result, loading off. authenticate(request:) is already async, so it simply awaits the worker: no Task { } inside it (the guide's Task returns before the worker answers). The worker signs in and the presenter chooses the words.",
                "Await worker.login(email:password:) directly in authenticate(request:), once, with the request's email and password. On success set authenticatedUser, then present .success(user). Declare no view, router or service in the interactor: it talks to its worker and its presenter only.",
                "presenter?.presentLoading(isLoading: true); defer { presenter?.presentLoading(isLoading: false) }; do { let user = try await worker.login(email: request.email, password: request.password); authenticatedUser = user; presenter?.presentLoginResult(response: Login.Authenticate.Response(result: .success(user))) } catch …",
            ]
        ),
        CheckGuide(
            step: 7, key: "LoginInteractorTests/failedLogin(error:)",
            file: "Login/LoginInteractor.swift", symbol: "func authenticate",
            hints: [
                "A failed login still has a result the person must see. The interactor presents the worker's AuthError as a failure, once, keeps no user, and still turns loading off. authenticate(request:) is already async: await the worker in it, with no Task { } inside, so the failure is presented before it returns.",
                "Put the awaited worker.login call in do/catch, directly in authenticate(request:). `catch let error as AuthError` presents .failure(error), not .unknown (so no try?). A `defer` written right after loading on makes loading off the last message on every path.",
                "catch let error as AuthError { presenter?.presentLoginResult(response: Login.Authenticate.Response(result: .failure(error))) }, with `defer { presenter?.presentLoading(isLoading: false) }` at the top of the method.",
            ]
        ),
        CheckGuide(
            step: 7, key: "LoginInteractorTests/unexpectedErrorBecomesUnknown()",
            file: "Login/LoginInteractor.swift", symbol: "func authenticate",
            hints: [
                "Some failures are not an AuthError, such as a dropped connection. The person must still hear that the login failed, as AuthError.unknown, which the presenter knows how to word. Loading ends here too.",
                "After the `catch let error as AuthError` clause, add a plain `catch` for everything else, presenting .failure(.unknown). Loading still ends through the defer; if you end it in each branch instead, this branch needs it too.",
                "catch { presenter?.presentLoginResult(response: Login.Authenticate.Response(result: .failure(.unknown))) }",
            ]
        ),
        CheckGuide(
            step: 7, key: "LoginInteractorTests/validationGoesThroughTheWorker(check:)",
            file: "Login/LoginInteractor.swift", symbol: "func validateInput",
            hints: [
                "The rules for credentials live in the worker. The interactor asks the worker and passes on exactly what it found, without judging the fields itself.",
                "Call worker.validateCredentials(email:password:) once with the request's fields. Put its emailError and passwordError into a Login.Validate.Response and present it once.",
                "let result = worker.validateCredentials(email: request.email, password: request.password); presenter?.presentValidationError(response: Login.Validate.Response(emailError: result.emailError, passwordError: result.passwordError))",
            ]
        ),
        CheckGuide(
            step: 7, key: "LoginInteractorTests/loginAfterFailureRunsAgain(error:)",
            file: "Login/LoginInteractor.swift", symbol: "func authenticate",
            hints: [
                "A person who fails to log in tries again. The second login must run in full: ask the worker, present loading, the result and the end of loading again. Nothing from the failed one may block it.",
                "If authenticate(request:) keeps state of its own (an isLoggingIn flag, a guard against a second tap), reset it on every path, or drop it: the view already disables Log in while loading. A `defer` is the one place that runs on every path.",
                "authenticate(request:) keeps no state but authenticatedUser: presentLoading(isLoading: true); defer { presenter?.presentLoading(isLoading: false) }; do { … } catch let error as AuthError { … } catch { … }, with no early return.",
            ]
        ),

        // MARK: Step 7: the presenter
        CheckGuide(
            step: 7, key: "LoginPresenterTests/successBecomesWelcome(account:)",
            file: "Login/LoginPresenter.swift", symbol: "func presentLoginResult",
            hints: [
                "The presenter writes the words: a successful login becomes a greeting with the user's name, which the view shows as it is.",
                "Switch over response.result. For .success(let user), make a Login.Authenticate.ViewModel with isSuccess true, no errorMessage and a welcome built from user.name, then give it to viewController once.",
                "case .success(let user): Login.Authenticate.ViewModel(isSuccess: true, errorMessage: nil, welcomeMessage: \"Welcome, \\(user.name)!\"), then viewController?.displayLoginResult(viewModel: viewModel)",
            ]
        ),
        CheckGuide(
            step: 7, key: "LoginPresenterTests/failureBecomesReadableText(error:)",
            file: "Login/LoginPresenter.swift", symbol: "func presentLoginResult",
            hints: [
                "A failed login shows the error's own sentence, with isSuccess false and no welcome. The presenter picks the text and the view just shows it.",
                "In the .failure(let error) case, errorMessage is error.localizedDescription. AuthError is a LocalizedError, so that gives its sentence on Linux too. Display the view model once.",
                "case .failure(let error): Login.Authenticate.ViewModel(isSuccess: false, errorMessage: error.localizedDescription, welcomeMessage: nil), then viewController?.displayLoginResult(viewModel: viewModel)",
            ]
        ),
        CheckGuide(
            step: 7, key: "LoginPresenterTests/presentingAgainReplaces(account:)",
            file: "Login/LoginPresenter.swift", symbol: "func presentLoginResult",
            hints: [
                "Every response becomes its own view model and is displayed, even when it is the same as the last one: the view cleared its alert when Log in was pressed, so skipping a repeat leaves the person with no answer. The presenter keeps no state.",
                "presentLoginResult(response:) builds the view model from this response alone and calls displayLoginResult once, every time. Remove any property that remembers an earlier result or message.",
                "let viewModel = switch response.result { case .success(let user): … case .failure(let error): … }; viewController?.displayLoginResult(viewModel: viewModel), and no stored property besides `weak var viewController`.",
            ]
        ),
        CheckGuide(
            step: 7, key: "LoginPresenterTests/validationBecomesFieldTexts(check:)",
            file: "Login/LoginPresenter.swift", symbol: "func presentValidationError",
            hints: [
                "Each field's problem is shown under that field, and Log in opens only when there is no problem at all. The presenter makes that decision, not the view.",
                "Make a Login.Validate.ViewModel: emailErrorText from emailError, passwordErrorText from passwordError, and isValid true only when both are nil. Display it once.",
                "viewController?.displayValidationError(viewModel: Login.Validate.ViewModel(emailErrorText: response.emailError, passwordErrorText: response.passwordError, isValid: response.emailError == nil && response.passwordError == nil))",
            ]
        ),
        CheckGuide(
            step: 7, key: "LoginPresenterTests/loadingPassesThrough()",
            file: "Login/LoginPresenter.swift", symbol: "func presentLoading",
            hints: [
                "Loading needs no wording, so the presenter passes it straight to the view each time. The presenter holds its view weakly (the view owns the interactor, which owns the presenter) and nothing that leads back to the interactor: VIP runs one way.",
                "presentLoading(isLoading:) needs one line: a call on viewController with the same Bool. Keep `weak var viewController`, and give the presenter no interactor, worker, router or service property.",
                "func presentLoading(isLoading: Bool) { viewController?.displayLoading(isLoading: isLoading) }",
            ]
        ),

        // MARK: Step 7: the whole configured screen
        CheckGuide(
            step: 7, key: "LoginViewControllerTests/typingShowsValidation(check:)",
            file: "Login/LoginInteractor.swift", symbol: "func validateInput",
            hints: [
                "Every keystroke goes all the way round, view → interactor → worker → presenter → view. The screen shows the worker's messages word for word, and Log in opens only when the presenter says isValid.",
                "The view is already done, and it only asks its interactor: it holds no presenter, worker or service. This check passes when three pieces do: validateCredentials in the worker, validateInput in the interactor and presentValidationError in the presenter. Fix those checks first.",
                "validateInput asks worker.validateCredentials(email: request.email, password: request.password) and presents its two errors. presentValidationError displays them with isValid = (both nil). The worker trims the email and names each problem with its ValidationMessage.",
            ]
        ),
        CheckGuide(
            step: 7, key: "LoginViewControllerTests/loginEndsOnScreen(attempt:)",
            file: "Login/LoginInteractor.swift", symbol: "func authenticate",
            hints: [
                "This check logs in on the configured screen through the real worker. It must end with the presenter's sentence on screen (a welcome, or the error's text in an alert), loading off, and a user kept only on success. The Log in button's task awaits authenticate(request:), so the login must be over when authenticate returns: it awaits the worker itself, with no Task { } inside.",
                "Fix the worker, interactor and presenter checks first. If they all pass and this one still fails, look at the order in authenticate(request:): the view routes home as soon as it displays a success, and the router reads authenticatedUser at that moment.",
                "Keep the user before presenting: `authenticatedUser = user` comes before presentLoginResult(.success(user)), or the router finds nobody and shows an alert. End loading with a `defer` right after presentLoading(isLoading: true).",
            ]
        ),
        CheckGuide(
            step: 7, key: "LoginViewControllerTests/loginAfterFailureReplacesTheMessage(attempt:)",
            file: "Login/LoginPresenter.swift", symbol: "func presentLoginResult",
            hints: [
                "After a failed login the person tries again, and the screen must show the second outcome only: its own alert (even the same error again), or the welcome with no alert left over.",
                "The view clears its alert when Log in is pressed (loginTapped sets alert = nil). The presenter must then display every result, even one equal to the last, and the interactor must run the second login in full. Fix the presenter and interactor checks first.",
                "presentLoginResult(response:) calls viewController?.displayLoginResult(viewModel:) once for every response, remembering nothing; authenticate(request:) keeps no flag that blocks a second login; loginTapped() keeps `alert = nil`.",
            ]
        ),
    ]
}
