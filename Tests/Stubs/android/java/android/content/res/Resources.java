package android.content.res;

public class Resources {
    public android.util.DisplayMetrics getDisplayMetrics() { throw new RuntimeException("Stub!"); }
    public int getIdentifier(String name, String defType, String defPackage) { throw new RuntimeException("Stub!"); }
    public Configuration getConfiguration() { throw new RuntimeException("Stub!"); }
}
