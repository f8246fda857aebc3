package android.content;

public abstract class Context {
    public Context() { throw new RuntimeException("Stub!"); }
    public abstract android.content.res.Resources getResources();
    public abstract String getPackageName();
}
