package android.graphics;

public class Paint {
    public enum Style { FILL, STROKE, FILL_AND_STROKE }
    public static final int ANTI_ALIAS_FLAG = 1;
    public static final int FILTER_BITMAP_FLAG = 2;
    public Paint(int flags) { throw new RuntimeException("Stub!"); }
    public int getColor() { throw new RuntimeException("Stub!"); }
    public void setColor(int color) { throw new RuntimeException("Stub!"); }
    public int getAlpha() { throw new RuntimeException("Stub!"); }
    public void setAlpha(int a) { throw new RuntimeException("Stub!"); }
    public Style getStyle() { throw new RuntimeException("Stub!"); }
    public void setStyle(Style style) { throw new RuntimeException("Stub!"); }
    public float getStrokeWidth() { throw new RuntimeException("Stub!"); }
    public void setStrokeWidth(float width) { throw new RuntimeException("Stub!"); }
    public Shader getShader() { throw new RuntimeException("Stub!"); }
    public Shader setShader(Shader shader) { throw new RuntimeException("Stub!"); }
    public ColorFilter getColorFilter() { throw new RuntimeException("Stub!"); }
    public ColorFilter setColorFilter(ColorFilter filter) { throw new RuntimeException("Stub!"); }
    public Xfermode getXfermode() { throw new RuntimeException("Stub!"); }
    public Xfermode setXfermode(Xfermode xfermode) { throw new RuntimeException("Stub!"); }
}
