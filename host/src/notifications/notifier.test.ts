import { TOASTS } from '@incontra/contracts/constants';
import { createNotificationsSlot } from './notifications-slot';
import { autoCloseFor, createNotifier, type NotificationsModule } from './notifier';

function fakeModule() {
  const calls: string[] = [];
  const store = { id: 'store' };
  const module = {
    createNotificationsStore: () => store,
    showNotification: (data: { id: string; autoClose: unknown }) => {
      calls.push(`show ${data.id} ${String(data.autoClose)}`);
      return data.id;
    },
    updateNotification: (data: { id: string }) => void calls.push(`update ${data.id}`),
    hideNotification: (id: string) => void calls.push(`hide ${id}`),
  } as unknown as NotificationsModule;
  return { module, calls };
}

describe('notifier', () => {
  it('uses the spec timings', () => {
    expect(autoCloseFor('info')).toBe(TOASTS.durationMs);
    expect(autoCloseFor('error')).toBe(4000);
    expect(autoCloseFor('success')).toBe(2000);
    expect(autoCloseFor('loading')).toBe(false);
  });

  it('loads the toasts on the first one, answers ids at once and replays calls in order', async () => {
    const { module, calls } = fakeModule();
    const slot = createNotificationsSlot();
    const load = jest.fn(async () => module);
    const notify = createNotifier(load, slot);
    expect(load).not.toHaveBeenCalled();

    const id = notify.show({ kind: 'loading', message: 'Salvataggio…' });
    notify.update(id, { kind: 'success', message: 'Salvato' });
    notify.hide(id);
    expect(id).toBe('incontra-toast-1');
    await Promise.resolve();
    await Promise.resolve();

    expect(load).toHaveBeenCalledTimes(1);
    expect(slot.current()?.module).toBe(module);
    expect(calls).toEqual([`show ${id} false`, `update ${id}`, `hide ${id}`]);
    notify.show({ kind: 'success', message: 'Ancora' });
    expect(calls.at(-1)).toBe('show incontra-toast-2 2000');
  });
});
