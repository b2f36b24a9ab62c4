// Work that should not hold up the frame a change is drawn in: run once the browser has painted it
// (the next animation frame, then a task after it). Without animation frames (a test's document, a
// hidden tab's frames paused), a task's delay.
export function afterPaint(work: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    work();
  };
  if (typeof requestAnimationFrame === 'function' && typeof document !== 'undefined' && document.visibilityState === 'visible') {
    requestAnimationFrame(() => setTimeout(run, 0));
    // A frame that never comes (the tab hidden meanwhile) does not hold the work back for long.
    setTimeout(run, 100);
  } else setTimeout(run, 0);
}
