package androidx.core.graphics;

public final class PathParser {
    public static android.graphics.Path createPathFromPathData(String pathData) { throw new RuntimeException("Stub!"); }
}
