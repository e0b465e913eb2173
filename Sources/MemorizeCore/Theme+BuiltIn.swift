extension Theme {
    /// The themes every new player starts with. One more theme is one more line.
    public static let builtIn: [Theme] = [
        Theme("Halloween", "👻🎃🕷️🧙💀🦇🍬🕸️🧛🍭", pairs: 8, color: "orange"),
        Theme("Animals", "🐶🐱🐭🐹🐰🦊🐻🐼🐨🐯🦁🐮", pairs: 8, color: "green"),
        Theme("Food", "🍕🍔🌮🍣🍩🍪🥐🥨🍜🥗", pairs: 6, color: "red"),
        Theme("Sports", "⚽🏀🏈⚾🎾🏐🏉🎱🏓🏸", color: "blue"),
        Theme("Vehicles", "🚗🚕🚌🚑🚒🚜🚲🛵🚂✈️🚀⛵", pairs: 10, color: "gray"),
        Theme("Faces", "😀😂😍😎🤔😴🤯🥶🤠😇", pairs: 7, color: "yellow"),
        Theme("Weather", "☀️🌤️⛅🌧️⛈️🌩️❄️🌈🌪️🌫️", pairs: 6, color: "teal"),
        Theme("Flags", "🇫🇷🇯🇵🇧🇷🇨🇦🇰🇪🇮🇳🇲🇽🇳🇴", pairs: 6, color: .gradient(.named("red"), .named("blue"))),
        Theme("Ocean", "🐳🐬🐙🦀🐠🐡🦈🐚🪸🦞", pairs: 8, color: .gradient(.named("teal"), .named("purple"))),
    ]
}
