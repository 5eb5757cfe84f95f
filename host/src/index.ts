// The shell's styles load with the page (a <link> in the HTML), before any view renders.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles/accessibility.css';

/** Lets the browser paint and answer input before the next piece of start-up work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Async boundary: the shared singletons (React, Mantine, …) are negotiated before any code uses
 * them. Each is evaluated as soon as its code arrives, in a task of its own, and the shell's own
 * code after a task boundary: evaluated together they held a phone's main thread for one long
 * stretch (the welcome page is already painted by then; only its taps would wait).
 */
void Promise.all([import('react-dom/client'), import('@mantine/hooks'), import('@mantine/core'), import('@tanstack/react-query')])
  .then(nextTask)
  .then(() => import('./bootstrap'));
