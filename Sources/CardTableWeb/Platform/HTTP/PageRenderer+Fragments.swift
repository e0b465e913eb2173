import Mustache

extension PageRenderer {
    /// What `template` (a partial) renders for `value`, rendered once and then remembered: for
    /// parts drawn from a small set of values again and again, such as Set cards (81 cards in a
    /// few states). The template must find everything it shows in `value`.
    func fragment<Value: Hashable & Sendable & MustacheParent>(_ template: String, for value: Value) -> String
    {
        fragments.value(for: FragmentKey(template: template, value: value)) { _ in
            library.render(value, withTemplate: template) ?? ""
        }
    }

    /// A template and the value it renders.
    struct FragmentKey: Hashable, @unchecked Sendable {
        let template: String
        // NB: made only from a `Sendable` value (see `fragment(_:for:)`).
        let value: AnyHashable

        init(template: String, value: some Hashable & Sendable) {
            self.template = template
            self.value = AnyHashable(value)
        }
    }
}

/// A page with more values for its template, found before the page's own.
struct PageWithExtras: MustacheParent {
    let page: any PageModel
    let extras: [String: String]

    func child(named key: String) -> Any? {
        if let extra = extras[key] { return extra }
        return page.child(named: key)
    }
}
