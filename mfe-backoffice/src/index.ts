// Async boundary: shared singletons are negotiated before the standalone app runs.
void import('./bootstrap');
