import Mustache
import Synchronization

extension PageRenderer {
    /// What `template` (a partial) renders for each of `values`, joined: each rendered once and
    /// then remembered, for parts drawn from a small set of values again and again, such as Set
    /// cards (81 cards in a few states). The template must find everything it shows in a value.
    func fragments<Value: Hashable & Sendable & MustacheParent>(_ template: String, for values: [Value])
        -> String
    {
        fragmentStore.memo(template, of: Value.self).values(for: values) { value in
            library.render(value, withTemplate: template) ?? ""
        }.joined()
    }

    /// ``fragments(_:for:)`` for one value.
    func fragment<Value: Hashable & Sendable & MustacheParent>(_ template: String, for value: Value) -> String
    {
        fragments(template, for: [value])
    }
}

/// Rendered fragments, remembered by template and value: a memo for each template and type of
/// value, so a look-up hashes the value alone, as its own type.
final class FragmentStore: Sendable {
    private let memos = Mutex<[Kind: any Sendable]>([:])

    /// A template and the type of the values it renders.
    private struct Kind: Hashable {
        let template: String
        let type: ObjectIdentifier
    }

    /// The fragments of `template` rendered for values of `type`.
    func memo<Value: Hashable & Sendable>(_ template: String, of type: Value.Type) -> Memo<Value, String> {
        // NB: keyed by the static type the memo is made for, never by a dynamic one (a subclass).
        let kind = Kind(template: template, type: ObjectIdentifier(Value.self))
        return memos.withLock { memos in
            if let memo = memos[kind] {
                // NB: stored below under this very kind, so it is of this type.
                return unsafeDowncast(memo as AnyObject, to: Memo<Value, String>.self)
            }
            let memo = Memo<Value, String>(capacity: 2048)
            memos[kind] = memo
            return memo
        }
    }
}

/// A page with the values its templates find before the page's own: the settings' parts and the
/// page's remembered fragments.
struct PageWithExtras: MustacheParent {
    let page: any PageModel
    let settings: SettingsValues
    let fragments: KeyValuePairs<String, String>

    func child(named key: String) -> Any? {
        if let value = settings.child(named: key) { return value }
        // NB: a page has a few fragments, so a look along them is cheaper than hashing the key.
        for (name, html) in fragments where name == key { return html }
        return page.child(named: key)
    }
}
