/// The body of choosing a setting: its one field (`{"sound": "off"}`, or the form field `sound`).
struct PageSettingForm<Setting: PageSetting>: DescribedInput {
    let value: Setting

    static var fieldDescriptions: [String: String] { [Setting.field: Setting.values] }

    init(from decoder: any Decoder) throws {
        value = try decoder.container(keyedBy: Field.self).decode(Setting.self, forKey: Field())
    }

    /// The setting's field, by its name.
    private struct Field: CodingKey {
        var stringValue: String { Setting.field }
        var intValue: Int? { nil }

        init() {}
        init?(stringValue: String) { guard stringValue == Setting.field else { return nil } }
        init?(intValue: Int) { nil }
    }
}
