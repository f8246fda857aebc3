package android.graphics;

public final class Rect {
    public Rect() { throw new RuntimeException("Stub!"); }
    public Rect(int left, int top, int right, int bottom) { throw new RuntimeException("Stub!"); }
}
