/** How long a page that paints no frame (a tab opened in the background) keeps what waits for its paint waiting. */
const NO_FRAME_WAIT_MS = 1000;

let painted: Promise<void> | null = null;

/**
 * Settles once the page has painted the frame after the first call (the task after the next animation frame: that
 * frame is on screen), or after {@link NO_FRAME_WAIT_MS} without one; settled from then on. For code a page can do
 * without in its first paint (the header's live widgets): asked for at the page's first render, it comes after it.
 */
export function afterFirstPaint(): Promise<void> {
  return (painted ??= new Promise((resolve) => {
    const done = () => resolve();
    requestAnimationFrame(() => setTimeout(done, 0));
    setTimeout(done, NO_FRAME_WAIT_MS);
  }));
}
