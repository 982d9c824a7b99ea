/// kata's release, as `kata --version` and every grade say it.
enum KataRelease {
    static let version = "1.1.0"
}
