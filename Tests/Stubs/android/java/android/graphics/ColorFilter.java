package android.graphics;

public class ColorFilter {
    public ColorFilter() { throw new RuntimeException("Stub!"); }
}
