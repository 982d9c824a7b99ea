import Foundation

/// The class report as one HTML page: inline style, no script, no link to fetch, so it opens
/// offline and can be mailed. The learners come first, then how far the class got at each step,
/// who needs review, and what to teach again: the checks the most learners fail among those who
/// started their step, each with its story (the check's sentence) and what it said most often.
/// Every text a learner's code could have made is escaped and cut.
extension ClassReport {
    /// `course` says which steps are lessons of suites, whose checks are mistakes (none without one).
    func html(course: Course?) -> String {
        let percents = learners.map(\.grade.roundedPercent).sorted()
        let mean = percents.isEmpty ? 0 : percents.reduce(0, +) / percents.count
        let median = percents.isEmpty ? 0 : percents[percents.count / 2]
        let kits = Set(learners.map { $0.grade.kit.commit ?? $0.grade.kit.source })
        var body = [
            "<h1>VIP kata: the class</h1>",
            "<p>\(learners.count) learners · mean \(mean)% · median \(median)% · "
                + "\(learners.filter(needsReview).count) need review</p>",
        ]
        if kits.count > 1 {
            body.append(
                "<p class=warn>These grades were made against \(kits.count) different kits: "
                    + Self.escape(kits.sorted().joined(separator: ", ")) + ". Compare like with like.</p>")
        }
        let deadlines = Set(learners.compactMap { $0.grade.learnerCommitChosen?.deadline })
        if let deadline = deadlines.first {
            body.append(
                "<p>Graded as of a deadline: each learner's last commit before \(LearnerRevision.stamp(deadline))"
                    + (deadlines.count > 1 ? " (and \(deadlines.count - 1) other deadlines)" : "")
                    + ", by the commit's own date (see each learner's commit).</p>")
        }
        body.append("<h2>Learners</h2>")
        body.append(learnerTable())
        body.append("<h2>How far the class got</h2>")
        body.append(progressTable())
        body.append("<h2>Needs review</h2>")
        let reviewed = learners.flatMap { learner in
            learner.grade.steps.filter(\.needsReview).map { (learner.name, $0) }
        }
        let concerned = learners.filter { !concerns(of: $0).isEmpty }
        if reviewed.isEmpty && concerned.isEmpty {
            body.append("<p>No step needs review.</p>")
        } else {
            body.append("<table><tr><th>Learner</th><th>Step</th><th>Findings</th></tr>")
            for learner in concerned {
                let items = concerns(of: learner).map { "<li>" + Self.shown($0) + "</li>" }.joined()
                body.append(
                    "<tr><td>\(Self.escape(learner.name))</td><td>the whole grade</td><td><ul>\(items)</ul></td></tr>")
            }
            for (name, step) in reviewed {
                let findings = step.review.map { "<li>" + Self.shown($0.sentence) + "</li>" }.joined()
                body.append(
                    "<tr><td>\(Self.escape(name))</td><td>\(step.step) \(Self.escape(step.name))</td>"
                        + "<td><ul>\(findings)</ul></td></tr>")
            }
            body.append("</table>")
        }
        let allChecks = checks
        let suites = Set((course?.steps ?? []).filter { $0.kind == .suites }.map(\.number))
        body.append("<h2>What to teach again</h2>")
        let misconceptions = self.misconceptions
        if !misconceptions.isEmpty {
            body.append(
                "<p>The misconceptions the kit recognised in learners' failures, by step (named only when it was sure; "
                    + "a learner counts once per step).</p>")
            body.append("<table><tr><th>Learners</th><th>Step</th><th>What they likely did</th></tr>")
            for row in misconceptions.prefix(30) {
                body.append(
                    "<tr><td class=n>\(row.learners) of \(row.started)</td><td>\(row.step) \(Self.escape(row.stepName))</td>"
                        + "<td>\(Self.escape(row.sentence))</td></tr>")
            }
            body.append("</table>")
        }
        body.append(
            "<p>Checks failed by the most learners among those who started their step (a step not started is "
                + "progress to come, counted above).</p>")
        body.append(checkTable(allChecks.filter { $0.failing > 0 && !suites.contains($0.step) }, limit: 40))
        if !suites.isEmpty {
            body.append("<h2>Step 9: the mistakes learners' suites missed most</h2>")
            body.append(checkTable(allChecks.filter { $0.failing > 0 && suites.contains($0.step) }, limit: 40))
        }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>VIP kata: class report</title>
            <style>
            body{font:15px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:70rem;padding:0 1rem;color:#1b1b1b}
            table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem}
            th,td{border-bottom:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}
            th{background:#f3f3f3}td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
            .bar{background:#e6e6e6;width:6rem;height:.7rem;display:inline-block}
            .bar i{background:#c0392b;height:100%;display:block}
            .bar i.go{background:#2e7d32}
            .said{color:#555;font-size:90%}.warn{color:#9a5b00}.pass{color:#1e7d32}.dim{color:#999}
            </style></head><body>
            \(body.joined(separator: "\n"))
            </body></html>

            """
    }

    private func checkTable(_ rows: [CheckAcrossClass], limit: Int) -> String {
        guard !rows.isEmpty else { return "<p>Every learner passes every check here.</p>" }
        var lines = [
            "<table><tr><th>Failing</th><th></th><th>Step</th><th>Check, and what it said most often</th></tr>"
        ]
        for row in rows.prefix(limit) {
            let percent = Int((row.failingShare * 100).rounded())
            let said = row.commonestMessage.map { "<div class=said>" + Self.shown($0) + "</div>" }
            lines.append(
                "<tr><td class=n>\(row.failing) of \(row.graded)</td>"
                    + "<td><span class=bar title=\"\(percent)%\"><i style=\"width:\(percent)%\"></i></span></td>"
                    + "<td>\(row.step) \(Self.escape(row.stepName))</td>"
                    + "<td>\(Self.escape(row.name))\(said ?? "")</td></tr>")
        }
        if rows.count > limit {
            lines.append("<tr><td colspan=4>… and \(rows.count - limit) more checks some learners fail.</td></tr>")
        }
        lines.append("</table>")
        return lines.joined(separator: "\n")
    }

    private func progressTable() -> String {
        var lines = ["<table><tr><th>Step</th><th class=n>Started</th><th class=n>Pass</th><th></th></tr>"]
        for row in progress {
            let percent = learners.isEmpty ? 0 : 100 * row.started / learners.count
            lines.append(
                "<tr><td>\(row.step) \(Self.shown(row.name))</td><td class=n>\(row.started) of \(learners.count)</td>"
                    + "<td class=n>\(row.passed)</td><td><span class=bar title=\"\(percent)% started\">"
                    + "<i class=go style=\"width:\(percent)%\"></i></span></td></tr>")
        }
        lines.append("</table>")
        return lines.joined(separator: "\n")
    }

    private func learnerTable() -> String {
        let header = steps.map { "<th>\($0.number)</th>" }.joined()
        var lines = [
            "<table><tr><th>Learner</th><th>Checks</th><th>%</th><th>Steps</th>\(header)<th>Commit graded</th></tr>"
        ]
        for learner in learners {
            let grade = learner.grade
            let byStep = Dictionary(uniqueKeysWithValues: grade.steps.map { ($0.step, $0) })
            let cells = steps.map { number -> String in
                guard let step = byStep[number.number] else { return "<td></td>" }
                if step.notStarted == true { return "<td class=\"n dim\" title=\"not started\">–</td>" }
                let mark = step.needsReview ? " <span class=warn title=\"needs review\">⚑</span>" : ""
                let style = step.status == .passed ? " pass" : ""
                return "<td class=\"n\(style)\">\(step.score.passed)/\(step.score.total)\(mark)</td>"
            }
            let commit = grade.learnerCommit.map { commit in
                "<code>\(Self.escape(String(commit.prefix(12))))</code>"
                    + (grade.learnerCommitChosen.map { " " + LearnerRevision.stamp($0.committed) } ?? "")
            }
            lines.append(
                "<tr><td>\(Self.shown(learner.name))</td><td class=n>\(grade.score.passed)/\(grade.score.total)</td>"
                    + "<td class=n>\(grade.roundedPercent)</td><td class=n>\(grade.stepsPassed)</td>\(cells.joined())"
                    + "<td>\(commit ?? "")</td></tr>")
        }
        lines.append("</table>")
        return lines.joined(separator: "\n")
    }

    /// Text a learner's code or files could have made, as the page shows it: escaped, and cut to a paragraph.
    static func shown(_ text: String, limit: Int = 300) -> String {
        escape(text.count > limit ? String(text.prefix(limit)) + "…" : text)
    }

    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
