package android.view.animation;

public abstract class BaseInterpolator implements Interpolator {
    public BaseInterpolator() { throw new RuntimeException("Stub!"); }
}
