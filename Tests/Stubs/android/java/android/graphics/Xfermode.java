package android.graphics;

public class Xfermode {
    public Xfermode() { throw new RuntimeException("Stub!"); }
}
