extension HintCatalog {
    static let login: [CheckGuide] = []
}
