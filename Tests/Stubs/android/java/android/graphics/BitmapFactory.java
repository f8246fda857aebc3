package android.graphics;

public class BitmapFactory {
    public BitmapFactory() { throw new RuntimeException("Stub!"); }
    public static Bitmap decodeResource(android.content.res.Resources res, int id) { throw new RuntimeException("Stub!"); }
}
