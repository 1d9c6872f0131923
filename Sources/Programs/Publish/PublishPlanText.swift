import CalDAVPublishing

/// What `publish --dry-run` prints: one line per write and per event left alone.
enum PublishPlanText {
    /// One line per write and per event left alone, for `--dry-run`.
    static func text(of plan: PublishPlan) -> String {
        var text = ""
        for action in plan.actions {
            switch action {
            case .create(let published), .update(let published, _, _):
                text += "\(action.verb) \(published.uid)  \(published.event.summary)  \(published.event.start)\n"
            case .delete(let resource, let uid):
                text += "delete \(uid)  \(resource.event?.summary ?? resource.url.absoluteString)\n"
            }
        }
        for uid in plan.keptEdited { text += "keep \(uid)  edited in the calendar\n" }
        for conflict in plan.conflicts { text += "keep \(conflict.origin?.source.description ?? "")  \(conflict.text.text(.commandLine))\n" }
        for uid in plan.keptDeleted { text += "keep \(uid)  deleted in the calendar\n" }
        for uid in plan.ended { text += "keep \(uid)  ended\n" }
        for uid in plan.unchanged { text += "unchanged \(uid)\n" }
        return text
    }
}
