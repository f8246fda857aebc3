package androidx.core.splashscreen;

// Kotlin in androidx (fun interface listeners); Java here for Debian's kotlinc 1.3 (see README.md).
public final class SplashScreen {
    public interface KeepOnScreenCondition {
        boolean shouldKeepOnScreen();
    }
    public interface OnExitAnimationListener {
        void onSplashScreenExit(SplashScreenViewProvider splashScreenViewProvider);
    }
    public void setKeepOnScreenCondition(KeepOnScreenCondition condition) { throw new RuntimeException("Stub!"); }
    public void setOnExitAnimationListener(OnExitAnimationListener listener) { throw new RuntimeException("Stub!"); }
}
