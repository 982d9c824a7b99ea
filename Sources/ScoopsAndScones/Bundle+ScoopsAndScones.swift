import Foundation

extension Bundle {
    /// The bundle that holds the app's data files, `icecream.json` among them.
    ///
    /// SwiftPM gives each module with resources its own `Bundle.module`; this names
    /// the one of the ScoopsAndScones module so that the lessons' code can reach it.
    public static var scoopsAndScones: Bundle { .module }
}
