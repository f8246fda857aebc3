// cairo_status_t: Cairo's error codes, turned into readable reasons for `LogoMaskError`.
internal import CCairo

/// Turns a Cairo status into a readable reason, nil for success (`cairo_status_to_string`).
func cairoFailure(_ status: cairo_status_t) -> String? {
    guard status != CAIRO_STATUS_SUCCESS else { return nil }
    return String(cString: cairo_status_to_string(status))
}
