import { TOASTS } from '@incontra/contracts/constants';
import { createStandaloneNotifier } from './standalone-notifier';

describe('standalone notifier', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    document.body.innerHTML = '';
  });
  afterEach(() => jest.useRealTimers());

  it('stacks toasts top right with the spec gutter and width', () => {
    createStandaloneNotifier(document);
    const stack = document.body.lastElementChild as HTMLElement;
    expect(stack.style.position).toBe('fixed');
    expect(stack.style.top).toBe(`${TOASTS.gutterPx}px`);
    expect(stack.style.right).toBe(`${TOASTS.gutterPx}px`);
    expect(stack.style.maxWidth).toBe(`${TOASTS.maxWidthPx}px`);
  });

  it('announces errors as alerts and the rest as status, title first', () => {
    const notify = createStandaloneNotifier(document);
    const errorId = notify.show({ kind: 'error', title: 'Accesso', message: 'Credenziali non valide' });
    const infoId = notify.show({ kind: 'info', message: 'Benvenuto' });
    expect(errorId).not.toBe(infoId);
    expect(document.getElementById(errorId)).toHaveAttribute('role', 'alert');
    expect(document.getElementById(errorId)).toHaveTextContent('Accesso: Credenziali non valide');
    expect(document.getElementById(infoId)).toHaveAttribute('role', 'status');
    expect(document.getElementById(infoId)).toHaveTextContent(/^Benvenuto$/);
  });

  it('closes success toasts sooner than the others', () => {
    const notify = createStandaloneNotifier(document);
    const success = notify.show({ kind: 'success', message: 'Salvato' });
    const info = notify.show({ kind: 'info', message: 'Nota' });
    jest.advanceTimersByTime(TOASTS.successDurationMs);
    expect(document.getElementById(success)).toBeNull();
    expect(document.getElementById(info)).not.toBeNull();
    jest.advanceTimersByTime(TOASTS.durationMs - TOASTS.successDurationMs);
    expect(document.getElementById(info)).toBeNull();
  });

  it('keeps a loading toast until it is updated, then times the new kind', () => {
    const notify = createStandaloneNotifier(document);
    const id = notify.show({ kind: 'loading', message: 'Salvataggio…' });
    jest.advanceTimersByTime(TOASTS.durationMs * 10);
    expect(document.getElementById(id)).toHaveTextContent('Salvataggio…');

    notify.update(id, { kind: 'success', message: 'Salvato' });
    expect(document.getElementById(id)).toHaveTextContent('Salvato');
    expect(document.getElementById(id)).toHaveAttribute('role', 'status');
    jest.advanceTimersByTime(TOASTS.successDurationMs);
    expect(document.getElementById(id)).toBeNull();
  });

  it('hides a toast on request and forgets its timer', () => {
    const notify = createStandaloneNotifier(document);
    const id = notify.show({ kind: 'error', message: 'Errore' });
    notify.hide(id);
    expect(document.getElementById(id)).toBeNull();
    expect(jest.getTimerCount()).toBe(0);
  });
});
