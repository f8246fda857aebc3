package android.graphics;

public class Shader {
    public enum TileMode { CLAMP, REPEAT, MIRROR, DECAL }
    public Shader() { throw new RuntimeException("Stub!"); }
    public boolean getLocalMatrix(Matrix localM) { throw new RuntimeException("Stub!"); }
    public void setLocalMatrix(Matrix localM) { throw new RuntimeException("Stub!"); }
}
