// The page's entry: the server's HTML (decision 074) paints first, and only then is the app (React,
// the router, the page's code) fetched and run. A slow phone shows the content without waiting for,
// or being held up by, the JavaScript that makes it interactive (decision 075).
import './styles.css';

let started = false;
const start = () => {
  if (started) return;
  started = true;
  // React DOM first, on its own: evaluating it and then the app in one go would be one long task,
  // which on a phone delays the first tap.
  void import('react-dom/client')
    .then(() => new Promise((resolve) => setTimeout(resolve)))
    .then(() => import('./main'));
};
// A frame, then a task: the first paint has happened. A tab opened in the background paints no
// frames, so a timer starts it there.
requestAnimationFrame(() => setTimeout(start));
setTimeout(start, 250);
