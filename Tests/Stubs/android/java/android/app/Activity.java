package android.app;

public class Activity extends android.content.Context {
    public Activity() { throw new RuntimeException("Stub!"); }
    public android.view.Window getWindow() { throw new RuntimeException("Stub!"); }
    public android.content.res.Resources getResources() { throw new RuntimeException("Stub!"); }
    public String getPackageName() { throw new RuntimeException("Stub!"); }
}
