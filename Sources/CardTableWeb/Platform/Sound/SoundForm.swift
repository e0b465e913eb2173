/// The body of turning the sounds on or off.
struct SoundForm: DescribedInput {
    let sound: Sound

    static var fieldDescriptions: [String: String] { ["sound": "on or off"] }
}
