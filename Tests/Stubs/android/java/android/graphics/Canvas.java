package android.graphics;

public class Canvas {
    public Canvas() { throw new RuntimeException("Stub!"); }
    public int save() { throw new RuntimeException("Stub!"); }
    public int saveLayerAlpha(RectF bounds, int alpha) { throw new RuntimeException("Stub!"); }
    public void restore() { throw new RuntimeException("Stub!"); }
    public void scale(float sx, float sy) { throw new RuntimeException("Stub!"); }
    public void translate(float dx, float dy) { throw new RuntimeException("Stub!"); }
    public void rotate(float degrees) { throw new RuntimeException("Stub!"); }
    public void drawColor(int color) { throw new RuntimeException("Stub!"); }
    public void drawPath(Path path, Paint paint) { throw new RuntimeException("Stub!"); }
    public void drawPaint(Paint paint) { throw new RuntimeException("Stub!"); }
    public void drawBitmap(Bitmap bitmap, Rect src, RectF dst, Paint paint) { throw new RuntimeException("Stub!"); }
    public boolean clipPath(Path path) { throw new RuntimeException("Stub!"); }
}
