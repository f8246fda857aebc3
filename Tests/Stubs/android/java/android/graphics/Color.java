package android.graphics;

public class Color {
    public Color() { throw new RuntimeException("Stub!"); }
    public static int argb(int alpha, int red, int green, int blue) { throw new RuntimeException("Stub!"); }
    public static int rgb(int red, int green, int blue) { throw new RuntimeException("Stub!"); }
    public static long pack(int color) { throw new RuntimeException("Stub!"); }
}
