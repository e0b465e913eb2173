/// The body of choosing an appearance.
struct AppearanceForm: DescribedInput {
    let appearance: Appearance

    static var fieldDescriptions: [String: String] { ["appearance": "system, light or dark"] }
}
