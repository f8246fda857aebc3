package android.graphics;

public class Path {
    public enum FillType { WINDING, EVEN_ODD, INVERSE_WINDING, INVERSE_EVEN_ODD }
    public Path() { throw new RuntimeException("Stub!"); }
    public FillType getFillType() { throw new RuntimeException("Stub!"); }
    public void setFillType(FillType ft) { throw new RuntimeException("Stub!"); }
}
