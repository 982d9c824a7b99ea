/// Moves from one screen to the next: the terminal's stand-in for UIKit's
/// `UINavigationController`, which a Clean Swift router drives.
///
/// Routers never show a view themselves; they hand it to the navigator of the view
/// they route from (`viewController?.navigator?.push(next)`). The app's runner is
/// one navigator; checks use a spy that records what it was asked to show.
@MainActor
public protocol Navigator: AnyObject {
    /// Shows `view` on top of the current one, with a way back: `pushViewController`.
    func push(_ view: any TerminalView)
    /// Shows `view` over the current one, as a sheet or a modal: `present`.
    func present(_ view: any TerminalView)
    /// Makes `view` the only screen, with nothing to go back to: `setViewControllers([view])`.
    func replaceRoot(with view: any TerminalView)
}

/// A view that knows which navigator shows it, as a UIKit view controller knows its
/// `navigationController`.
///
/// A navigator sets this on every view it shows. Views keep it weak: the navigator
/// owns the views it shows, not the other way round.
@MainActor
public protocol NavigableView: TerminalView {
    var navigator: Navigator? { get set }
}
