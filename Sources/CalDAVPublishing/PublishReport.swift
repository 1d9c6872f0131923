import CalDAV
import Diagnostics
import ReservationFeed

/// What a publishing run did.
public struct PublishReport: Sendable {
    /// The calendar's URL.
    public var calendar: String
    /// How many inputs were read, and the reservations they held.
    public var inputCount = 0
    public var reservationCount = 0
    /// The plan the run followed.
    public var plan: PublishPlan
    /// Whether the writes were only printed (`--dry-run`).
    public var dryRun = false
    /// Writes the server accepted (or found already done, by an earlier attempt or another run).
    public var done: [PublishPlan.Action] = []
    /// Writes that failed, with why.
    public var failures: [Failure] = []
    /// Writes not tried because the server stopped answering or refused the credentials.
    var notAttempted: [PublishPlan.Action] = []
    /// Writes the server refused because someone changed the event while this run worked
    /// (412): left as they are.
    var changedMeanwhile: [Diagnostic] = []
    /// How many of the server's answers asked to wait (429, or 503 and a quota spent, with
    /// `Retry-After`) and were waited out before a write was tried again.
    public var busyAnswers = 0
    /// Every message: the inputs', the plan's, and the writes'.
    public var diagnostics: [Diagnostic] = []

    /// A write that failed.
    public struct Failure: Sendable {
        public var action: PublishPlan.Action
        public var error: CalDAVError
    }

    /// Whether any input had errors.
    var hasInputErrors: Bool {
        diagnostics.contains { $0.severity == .error }
    }

    /// Whether some planned writes were not made (the next run makes them).
    public var isIncomplete: Bool {
        !failures.isEmpty || !notAttempted.isEmpty
    }

    /// 0 everything done; 1 some events not written, or inputs with errors; 2 nothing could be
    /// written.
    public var exitStatus: Int32 {
        if isIncomplete { return done.isEmpty ? 2 : 1 }
        return hasInputErrors ? 1 : 0
    }

    private func count(_ verb: String, in actions: [PublishPlan.Action]) -> Int {
        actions.filter { $0.verb == verb }.count
    }

    /// `Published to https://…/trips/: 2 created, 1 updated, 0 cancelled, 0 deleted, 5 unchanged;
    /// left as they are: 1 edited in the calendar, 1 deleted in the calendar, 3 ended`.
    public var summary: String {
        let actions = dryRun ? plan.actions : done
        var text = dryRun ? "Would publish to \(calendar): " : "Published to \(calendar): "
        text += ["create": "created", "update": "updated", "cancel": "cancelled", "delete": "deleted"].sorted { order($0.key) < order($1.key) }
            .map { "\(count($0.key, in: actions)) \(dryRun ? "to \($0.key)" : $0.value)" }.joined(separator: ", ")
        text += ", \(plan.unchanged.count) unchanged"
        var left: [String] = []
        let edited = plan.keptEdited.count + plan.conflicts.count + changedMeanwhile.count
        if edited > 0 { left.append("\(edited) edited in the calendar") }
        if !plan.keptDeleted.isEmpty { left.append("\(plan.keptDeleted.count) deleted in the calendar") }
        if !plan.ended.isEmpty { left.append("\(plan.ended.count) ended") }
        if !left.isEmpty { text += "; left as they are: " + left.joined(separator: ", ") }
        if isIncomplete {
            text += "; \(failures.count + notAttempted.count) not written (the next run writes them)"
        }
        if busyAnswers > 0 {
            text += "; the server asked to wait \(busyAnswers) time\(busyAnswers == 1 ? "" : "s") (busy), and was waited for"
        }
        return text
    }

    private func order(_ verb: String) -> Int {
        ["create", "update", "cancel", "delete"].firstIndex(of: verb) ?? 4
    }
}
