package android.view;

public class View {
    public static final int LAYER_TYPE_HARDWARE = 2;
    public View(android.content.Context context) { throw new RuntimeException("Stub!"); }
    public final android.content.Context getContext() { throw new RuntimeException("Stub!"); }
    public final int getWidth() { throw new RuntimeException("Stub!"); }
    public final int getHeight() { throw new RuntimeException("Stub!"); }
    public float getScaleX() { throw new RuntimeException("Stub!"); }
    public void setScaleX(float scaleX) { throw new RuntimeException("Stub!"); }
    public float getScaleY() { throw new RuntimeException("Stub!"); }
    public void setScaleY(float scaleY) { throw new RuntimeException("Stub!"); }
    public void getLocationInWindow(int[] outLocation) { throw new RuntimeException("Stub!"); }
    public void setLayerType(int layerType, android.graphics.Paint paint) { throw new RuntimeException("Stub!"); }
    public void invalidate() { throw new RuntimeException("Stub!"); }
    public <T extends View> T findViewById(int id) { throw new RuntimeException("Stub!"); }
    protected void onDraw(android.graphics.Canvas canvas) { throw new RuntimeException("Stub!"); }
    protected void onSizeChanged(int w, int h, int oldw, int oldh) { throw new RuntimeException("Stub!"); }
}
