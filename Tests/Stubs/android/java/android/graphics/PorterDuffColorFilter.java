package android.graphics;

public class PorterDuffColorFilter extends ColorFilter {
    public PorterDuffColorFilter(int color, PorterDuff.Mode mode) { throw new RuntimeException("Stub!"); }
}
