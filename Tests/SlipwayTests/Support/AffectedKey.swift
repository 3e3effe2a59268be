/// `detect --json` of one verdict without its `affected` key: the one field `--each` lines do not carry (the model
/// is read only for single reports), so the rest must match byte for byte. Keys are sorted, so `affected` comes
/// first and `bump` next; `,"bump":` cannot occur inside a JSON string, where a quote is escaped.
func droppingAffected(_ json: String) -> String {
    guard json.hasPrefix("{\"affected\":"), let next = json.range(of: ",\"bump\":") else { return json }
    return "{" + json[json.index(after: next.lowerBound)...]
}
