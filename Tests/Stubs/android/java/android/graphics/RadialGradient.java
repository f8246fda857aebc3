package android.graphics;

public class RadialGradient extends Shader {
    public RadialGradient(float centerX, float centerY, float radius, int[] colors, float[] stops, Shader.TileMode tileMode) { throw new RuntimeException("Stub!"); }
}
