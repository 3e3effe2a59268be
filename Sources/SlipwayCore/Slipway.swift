/// Facts about the tool itself.
public enum Slipway {
    public static let name = "slipway"
    public static let version = "0.1.0"
}
