/// One lesson of the kata: where its code lives, what it is called, what it teaches.
public struct Step: Sendable, Hashable, Identifiable {
    public let number: Int
    public let name: String
    /// The app the lesson builds: "Scoops&Scones" or "Login".
    public let app: String
    /// The scene the lesson works on.
    public let scene: String
    /// What the learner writes, in a few words.
    public let lesson: String

    public var id: Int { number }

    /// "03": the number as folders and modules spell it.
    public var paddedNumber: String { number < 10 ? "0\(number)" : "\(number)" }
    /// "03-Interactor": the folder in Exercises/ and Solutions/.
    public var folder: String { "\(paddedNumber)-\(name)" }
    /// "Step03Interactor": the learner's module.
    public var module: String { "Step\(paddedNumber)\(name)" }
    /// "Step03InteractorTests": the checks' test target.
    public var testTarget: String { module + "Tests" }
}

/// The seven lessons, in order. Package.swift lists the same names: `kata verify` checks they agree.
public enum StepCatalog {
    public static let all: [Step] = [
        Step(
            number: 1, name: "Starter", app: "Scoops&Scones", scene: "CreateIceCream",
            lesson: "load the app's data: a throwing decode with errors that name the file"),
        Step(
            number: 2, name: "Model", app: "Scoops&Scones", scene: "CreateIceCream",
            lesson: "the LoadIceCream Request, Response and ViewModel"),
        Step(
            number: 3, name: "Interactor", app: "Scoops&Scones", scene: "CreateIceCream",
            lesson: "the view's request on appear, and the interactor that loads the menu"),
        Step(
            number: 4, name: "Presenter", app: "Scoops&Scones", scene: "CreateIceCream",
            lesson: "the presenter's view model, and the view displaying it"),
        Step(
            number: 5, name: "Configurator", app: "Scoops&Scones", scene: "CreateIceCream",
            lesson: "configureView(): the V→I→P→V cycle, with no retain cycle"),
        Step(
            number: 6, name: "Router", app: "Login", scene: "Login → Home",
            lesson: "the router, data passing to Home, and its wiring"),
        Step(
            number: 7, name: "Worker", app: "Login", scene: "Login",
            lesson: "the async worker with validation, and the interactor orchestrating it"),
    ]

    public static func step(_ number: Int) -> Step? {
        all.first { $0.number == number }
    }
}
