package android.graphics;

public class Matrix {
    public Matrix() { throw new RuntimeException("Stub!"); }
    public void setValues(float[] values) { throw new RuntimeException("Stub!"); }
}
