package android.os;

public class Build {
    public static class VERSION {
        // Not a constant in the SDK (it is read on the device): no initializer kotlinc could fold.
        public static final int SDK_INT = stubInt();
    }
    public static class VERSION_CODES {
        public static final int S = 31;
    }
    private static int stubInt() { throw new RuntimeException("Stub!"); }
}
