package android.util;

public class DisplayMetrics {
    public float density;
    public DisplayMetrics() { throw new RuntimeException("Stub!"); }
}
