package android.view;

public abstract class ViewGroup extends View {
    public static class LayoutParams {
        public static final int MATCH_PARENT = -1;
        public LayoutParams(int width, int height) { throw new RuntimeException("Stub!"); }
    }
    public ViewGroup(android.content.Context context) { super(context); throw new RuntimeException("Stub!"); }
    public void addView(View child, LayoutParams params) { throw new RuntimeException("Stub!"); }
    public void removeView(View view) { throw new RuntimeException("Stub!"); }
    protected abstract void onLayout(boolean changed, int l, int t, int r, int b);
}
