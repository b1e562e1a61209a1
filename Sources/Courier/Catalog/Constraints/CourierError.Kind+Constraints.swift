extension CourierError.Kind {
    /// A ``SchemaConstraint`` cannot be checked: its pattern is not a regular expression Courier
    /// can match, it names no property of its type, it does not fit the property's type, or its
    /// limits contradict each other (refused when the constraint or the ``Catalog`` is made).
    public static let invalidConstraint = CourierError.Kind("invalidConstraint")
}
