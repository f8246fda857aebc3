package android.graphics;

public class RectF {
    public RectF() { throw new RuntimeException("Stub!"); }
    public RectF(float left, float top, float right, float bottom) { throw new RuntimeException("Stub!"); }
}
