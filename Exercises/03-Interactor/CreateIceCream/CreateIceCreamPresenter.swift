/// What the interactor may hand the scene's presentation logic.
///
/// The presenter itself is step 4's lesson; the interactor needs only this promise.
protocol CreateIceCreamPresentationLogic {
    func presentIceCream(response: CreateIceCream.LoadIceCream.Response)
}
