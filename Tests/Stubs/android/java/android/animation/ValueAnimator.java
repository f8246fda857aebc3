package android.animation;

public class ValueAnimator extends Animator {
    public interface AnimatorUpdateListener {
        void onAnimationUpdate(ValueAnimator animation);
    }
    public ValueAnimator() { throw new RuntimeException("Stub!"); }
    public static ValueAnimator ofFloat(float... values) { throw new RuntimeException("Stub!"); }
    public ValueAnimator setDuration(long duration) { throw new RuntimeException("Stub!"); }
    public long getDuration() { throw new RuntimeException("Stub!"); }
    public void setInterpolator(TimeInterpolator value) { throw new RuntimeException("Stub!"); }
    public TimeInterpolator getInterpolator() { throw new RuntimeException("Stub!"); }
    public float getAnimatedFraction() { throw new RuntimeException("Stub!"); }
    public void addUpdateListener(AnimatorUpdateListener listener) { throw new RuntimeException("Stub!"); }
    public void start() { throw new RuntimeException("Stub!"); }
}
