/// The candidate `name` was most likely meant to be, for "did you mean" hints: the nearest by edit distance when at
/// most a third of the name (or two edits) away, or one that contains it (`color` → `no-color`).
func closestName(to name: String, among candidates: [String]) -> String? {
    let limit = max(2, name.count / 3)
    let scored = candidates.map { candidate in
        (candidate, editDistance(name.lowercased(), candidate.lowercased()))
    }
    let near = scored.filter { candidate, distance in
        distance <= limit || (name.count >= 3 && candidate.contains(name.lowercased()))
    }
    return near.min { $0.1 < $1.1 }?.0
}

/// "; did you mean 'x'?" when there is a likely `x`, else nothing: the tail of an unknown-name message.
func suggestion(for name: String, among candidates: [String]) -> String {
    closestName(to: name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
}

/// Levenshtein distance over characters: insertions, deletions and substitutions each cost one.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
        var current = [i + 1] + Array(repeating: 0, count: b.count)
        for (j, y) in b.enumerated() {
            current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
