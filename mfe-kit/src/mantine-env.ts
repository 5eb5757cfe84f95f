/**
 * The environment every MantineProvider of ours is given. Under Jest (NODE_ENV 'test') it is
 * Mantine's 'test': no transitions, dropdowns rendered in place, and popovers not hidden for a
 * "detached" target — jsdom lays nothing out, so every target looks detached and an open menu
 * turned `display: none` as soon as its position was computed, a race a test could lose.
 * Webpack writes the build's NODE_ENV in, so the bundles keep Mantine's default.
 */
export const MANTINE_ENV: 'default' | 'test' = process.env.NODE_ENV === 'test' ? 'test' : 'default';
