package android.animation;

public abstract class Animator implements Cloneable {
    public interface AnimatorListener {
        void onAnimationStart(Animator animation);
        void onAnimationEnd(Animator animation);
        void onAnimationCancel(Animator animation);
        void onAnimationRepeat(Animator animation);
    }
    public void start() { throw new RuntimeException("Stub!"); }
    public abstract Animator setDuration(long duration);
    public abstract long getDuration();
    public abstract void setInterpolator(TimeInterpolator value);
    public TimeInterpolator getInterpolator() { throw new RuntimeException("Stub!"); }
    public void addListener(AnimatorListener listener) { throw new RuntimeException("Stub!"); }
}
