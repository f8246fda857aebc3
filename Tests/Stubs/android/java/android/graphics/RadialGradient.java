package android.graphics;

public class RadialGradient extends Shader {
    public RadialGradient(float startX, float startY, float startRadius, float endX, float endY, float endRadius, long[] colors, float[] stops, Shader.TileMode tileMode) { throw new RuntimeException("Stub!"); }
    public RadialGradient(float centerX, float centerY, float radius, int[] colors, float[] stops, Shader.TileMode tileMode) { throw new RuntimeException("Stub!"); }
}
