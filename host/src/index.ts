// The shell's styles load with the page (a <link> in the HTML), before any view renders.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

// Async boundary: the shared singletons (React, Mantine, …) are negotiated before any code uses them.
void import('./bootstrap');
