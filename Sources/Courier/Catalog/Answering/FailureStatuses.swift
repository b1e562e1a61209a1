import Foundation

/// The failure statuses a catalog endpoint documents: its ``CatalogEndpoint/failureStatuses``
/// if it lists them, else every status its `Failure` documents.
enum FailureStatuses {
    /// Statuses and the model their body is.
    struct Entry: CustomStringConvertible {
        let statuses: ClosedRange<Int>
        let model: any Decodable.Type

        var description: String {
            statuses.count == 1
                ? String(statuses.lowerBound) : "\(statuses.lowerBound)–\(statuses.upperBound)"
        }
    }

    /// What `Model` documents, in its `Failure`'s order; nothing for `Never`.
    static func documented<Model: CatalogEndpoint>(by type: Model.Type) -> [Entry] {
        let all = everything(Model.Failure.self)
        guard let listed = Model.failureStatuses else { return all }
        return listed.compactMap { status in
            all.first { $0.statuses.contains(status.code) }.map {
                Entry(statuses: status.code...status.code, model: $0.model)
            }
        }
    }

    /// Every status `failure` documents: a ``DocumentedErrors`` type's entries, or 400–599 for
    /// any other `Decodable` failure.
    static func everything(_ failure: any Error.Type) -> [Entry] {
        if let documented = failure as? any DocumentedErrors.Type { return entries(documented) }
        guard failure != Never.self, let model = failure as? any Decodable.Type else { return [] }
        return [Entry(statuses: 400...599, model: model)]
    }

    private static func entries<Documented: DocumentedErrors>(_ type: Documented.Type) -> [Entry] {
        Documented.documentedStatuses.map { Entry(statuses: $0.statuses, model: $0.model) }
    }

    /// Refuses a status without content documented alone with a model other than ``Empty`` (in
    /// a range of statuses, such a status is answered without the body), a listed status that the
    /// `Failure` does not document, and one that is not 4xx or 5xx.
    static func validate<Model: CatalogEndpoint>(_ type: Model.Type) throws(CourierError) {
        let all = everything(Model.Failure.self)
        for entry in all
        where entry.model != Empty.self && entry.statuses.allSatisfy({ HTTPStatus($0).forbidsContent }) {
            let status = entry.statuses.lowerBound
            throw CourierError(
                stage: .building, kind: .undocumentedAnswer,
                message:
                    "\(Model.self)'s \(Model.Failure.self) documents the status \(status) with a \(entry.model) "
                    + "body, but a \(status) response has no content; document it with Empty.")
        }
        guard let listed = Model.failureStatuses else { return }
        for status in listed {
            guard (400...599).contains(status.code),
                all.contains(where: { $0.statuses.contains(status.code) })
            else {
                let documented = all.map(\.description).joined(separator: ", ")
                throw CourierError(
                    stage: .building, kind: .undocumentedAnswer,
                    message:
                        "\(Model.self) lists the failure status \(status), which its \(Model.Failure.self) does not "
                        + "document (it documents \(documented.isEmpty ? "none" : documented)).")
            }
        }
    }
}
