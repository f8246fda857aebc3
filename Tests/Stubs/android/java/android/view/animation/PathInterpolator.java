package android.view.animation;

public class PathInterpolator extends BaseInterpolator {
    public PathInterpolator(float controlX1, float controlY1, float controlX2, float controlY2) { throw new RuntimeException("Stub!"); }
    public float getInterpolation(float t) { throw new RuntimeException("Stub!"); }
}
