import { TOASTS } from '@incontra/contracts/constants';
import type { Notification, Notifier } from '@incontra/contracts/mfe';
import { THEME_COLORS } from '@incontra/contracts/theme';

const COLORS = { info: THEME_COLORS.info, success: THEME_COLORS.success, error: THEME_COLORS.error, loading: '#495057' } as const;

/**
 * Standalone development has no shell, so no Mantine toasts: a minimal stand-in with the spec's
 * placement and timings, enough to see what the remote announces.
 */
export function createStandaloneNotifier(doc: Document): Notifier {
  const stack = doc.createElement('div');
  stack.style.cssText = `position:fixed;top:${TOASTS.gutterPx}px;right:${TOASTS.gutterPx}px;z-index:1000;display:flex;flex-direction:column;gap:8px;max-width:${TOASTS.maxWidthPx}px`;
  doc.body.appendChild(stack);
  const timers = new Map<string, number>();
  let nextId = 0;

  const hide = (id: string) => {
    window.clearTimeout(timers.get(id));
    timers.delete(id);
    doc.getElementById(id)?.remove();
  };
  const render = (id: string, { kind, title, message }: Notification) => {
    const element = doc.getElementById(id) ?? stack.appendChild(doc.createElement('div'));
    element.id = id;
    element.setAttribute('role', kind === 'error' ? 'alert' : 'status');
    element.style.cssText = `background:#fff;border-left:4px solid ${COLORS[kind]};padding:8px 12px;box-shadow:0 2px 8px rgba(0,0,0,.15);font:14px system-ui,sans-serif`;
    element.textContent = title ? `${title}: ${message}` : message;
    window.clearTimeout(timers.get(id));
    if (kind === 'loading') return;
    const duration = kind === 'success' ? TOASTS.successDurationMs : TOASTS.durationMs;
    timers.set(
      id,
      window.setTimeout(() => hide(id), duration),
    );
  };

  return {
    show(notification) {
      nextId += 1;
      const id = `standalone-toast-${nextId}`;
      render(id, notification);
      return id;
    },
    update: render,
    hide,
  };
}
