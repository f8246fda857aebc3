package android.graphics;

public final class Bitmap {
    Bitmap() { throw new RuntimeException("Stub!"); }
    public int getWidth() { throw new RuntimeException("Stub!"); }
    public int getHeight() { throw new RuntimeException("Stub!"); }
}
