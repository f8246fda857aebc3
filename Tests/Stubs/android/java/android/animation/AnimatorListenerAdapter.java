package android.animation;

public abstract class AnimatorListenerAdapter implements Animator.AnimatorListener {
    public AnimatorListenerAdapter() { throw new RuntimeException("Stub!"); }
    public void onAnimationCancel(Animator animation) { throw new RuntimeException("Stub!"); }
    public void onAnimationEnd(Animator animation) { throw new RuntimeException("Stub!"); }
    public void onAnimationRepeat(Animator animation) { throw new RuntimeException("Stub!"); }
    public void onAnimationStart(Animator animation) { throw new RuntimeException("Stub!"); }
}
