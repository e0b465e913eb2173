/// Cards order by ``SetCard/id``, which gives Sets and card lists a canonical order.
extension SetCard: Comparable {
    public static func < (lhs: SetCard, rhs: SetCard) -> Bool {
        lhs.id < rhs.id
    }
}
