// The page's entry: the server's HTML (decision 074) paints first, and only then is the app (React,
// the router, the page's code) fetched and run. A slow phone shows the content without waiting for,
// or being held up by, the JavaScript that makes it interactive (decision 075).
import './styles.css';
import { nextTask } from './lib/next-task';

let started = false;
const start = () => {
  if (started) return;
  started = true;
  // React DOM first, in a task of its own, then the app: evaluating all of it in one go would be
  // one long task, which on a phone delays the first tap. (The router is not split off the same way:
  // imported whole, it would carry every export the app leaves out.)
  void import('react-dom/client').then(nextTask).then(() => import('./main'));
};

/** Runs `then` in the task after the page's first contentful paint (the first frame may be blank). */
function afterFirstContentfulPaint(then: () => void) {
  const next = () => setTimeout(then);
  if (performance.getEntriesByName('first-contentful-paint').length > 0) return next();
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return void requestAnimationFrame(next);
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    next();
  }).observe({ type: 'paint', buffered: true });
  // Should a browser never report the paint, the page still comes to life.
  setTimeout(then, 3000);
}

// A page rendered in the browser (an empty root) has nothing to paint before the app, and a hidden tab
// paints nothing at all: both start at once. A tab hidden before its first paint starts then.
const serverRendered = document.getElementById('root')?.hasChildNodes() ?? false;
if (serverRendered && document.visibilityState === 'visible') afterFirstContentfulPaint(start);
else start();
document.addEventListener('visibilitychange', start, { once: true });
