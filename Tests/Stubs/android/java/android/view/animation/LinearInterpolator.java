package android.view.animation;

public class LinearInterpolator extends BaseInterpolator {
    public LinearInterpolator() { throw new RuntimeException("Stub!"); }
    public float getInterpolation(float input) { throw new RuntimeException("Stub!"); }
}
