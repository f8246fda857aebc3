package android.graphics;

public class LinearGradient extends Shader {
    public LinearGradient(float x0, float y0, float x1, float y1, int[] colors, float[] positions, Shader.TileMode tile) { throw new RuntimeException("Stub!"); }
}
