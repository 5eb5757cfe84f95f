import { fireEvent, render, renderHook, act } from '@testing-library/react';
import { isTypingTarget, SHORTCUTS_STORAGE_KEY, useKeyboardShortcuts, useShortcutsPreference } from './use-keyboard-shortcuts';

function handlers() {
  return { microphone: jest.fn(), camera: jest.fn(), screen: jest.fn() };
}

afterEach(() => window.localStorage.clear());

describe('keyboard shortcuts', () => {
  it('maps m, v and s (either case) to microphone, camera and screen', () => {
    const actions = handlers();
    renderHook(() => useKeyboardShortcuts(actions, true));
    fireEvent.keyDown(document.body, { key: 'm' });
    fireEvent.keyDown(document.body, { key: 'V' });
    fireEvent.keyDown(document.body, { key: 's' });
    fireEvent.keyDown(document.body, { key: 'x' });
    expect(actions.microphone).toHaveBeenCalledTimes(1);
    expect(actions.camera).toHaveBeenCalledTimes(1);
    expect(actions.screen).toHaveBeenCalledTimes(1);
  });

  it('ignores keys typed into an input, a textarea or an editable area', () => {
    const actions = handlers();
    renderHook(() => useKeyboardShortcuts(actions, true));
    const { container } = render(
      <div>
        <input aria-label="campo" />
        <textarea aria-label="testo" />
        <div contentEditable suppressContentEditableWarning>
          <span data-testid="inside">ciao</span>
        </div>
      </div>,
    );
    fireEvent.keyDown(container.querySelector('input')!, { key: 'm' });
    fireEvent.keyDown(container.querySelector('textarea')!, { key: 'v' });
    fireEvent.keyDown(container.querySelector('[data-testid="inside"]')!, { key: 's' });
    expect(actions.microphone).not.toHaveBeenCalled();
    expect(actions.camera).not.toHaveBeenCalled();
    expect(actions.screen).not.toHaveBeenCalled();
  });

  it('ignores keys in ARIA text widgets, plaintext editable areas and whatever holds the focus while typing', () => {
    const actions = handlers();
    renderHook(() => useKeyboardShortcuts(actions, true));
    const { container } = render(
      <div>
        <div role="textbox" tabIndex={0} aria-label="nota" data-testid="textbox" />
        <div role="combobox" tabIndex={0} aria-label="scelta" aria-expanded="false" aria-controls="none" data-testid="combobox" />
        <div contentEditable="plaintext-only" suppressContentEditableWarning data-testid="plain">
          <b data-testid="plain-inside">x</b>
        </div>
        <input aria-label="campo" />
      </div>,
    );
    fireEvent.keyDown(container.querySelector('[data-testid="textbox"]')!, { key: 'm' });
    fireEvent.keyDown(container.querySelector('[data-testid="combobox"]')!, { key: 'v' });
    fireEvent.keyDown(container.querySelector('[data-testid="plain-inside"]')!, { key: 's' });
    // The event reaches the document from elsewhere while a field has the focus.
    container.querySelector('input')!.focus();
    fireEvent.keyDown(document.body, { key: 'v' });
    expect(actions.microphone).not.toHaveBeenCalled();
    expect(actions.camera).not.toHaveBeenCalled();
    expect(actions.screen).not.toHaveBeenCalled();
  });

  it('ignores every key while a modal dialog is open', () => {
    const actions = handlers();
    renderHook(() => useKeyboardShortcuts(actions, true));
    const { unmount } = render(<div role="dialog" aria-modal="true" aria-label="Conferma" />);
    fireEvent.keyDown(document.body, { key: 'v' });
    expect(actions.camera).not.toHaveBeenCalled();
    unmount();
    fireEvent.keyDown(document.body, { key: 'v' });
    expect(actions.camera).toHaveBeenCalledTimes(1);
  });

  it('ignores modified and repeated presses', () => {
    const actions = handlers();
    renderHook(() => useKeyboardShortcuts(actions, true));
    fireEvent.keyDown(document.body, { key: 's', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: 's', metaKey: true });
    fireEvent.keyDown(document.body, { key: 'v', altKey: true });
    fireEvent.keyDown(document.body, { key: 'm', repeat: true });
    fireEvent.keyDown(document.body, { key: 'm', isComposing: true });
    expect(actions.screen).not.toHaveBeenCalled();
    expect(actions.camera).not.toHaveBeenCalled();
    expect(actions.microphone).not.toHaveBeenCalled();
  });

  it('does nothing while switched off, and resumes when switched on', () => {
    const actions = handlers();
    const { rerender } = renderHook(({ enabled }) => useKeyboardShortcuts(actions, enabled), { initialProps: { enabled: false } });
    fireEvent.keyDown(document.body, { key: 'm' });
    expect(actions.microphone).not.toHaveBeenCalled();
    rerender({ enabled: true });
    fireEvent.keyDown(document.body, { key: 'm' });
    expect(actions.microphone).toHaveBeenCalledTimes(1);
  });

  it('remembers the preference in localStorage, on by default', () => {
    const first = renderHook(() => useShortcutsPreference());
    expect(first.result.current[0]).toBe(true);
    act(() => first.result.current[1](false));
    expect(first.result.current[0]).toBe(false);
    expect(window.localStorage.getItem(SHORTCUTS_STORAGE_KEY)).toBe('false');
    const second = renderHook(() => useShortcutsPreference());
    expect(second.result.current[0]).toBe(false);
  });

  it('tells typing targets apart', () => {
    expect(isTypingTarget(document.createElement('input'))).toBe(true);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    const editable = document.createElement('div');
    editable.setAttribute('contenteditable', 'false');
    expect(isTypingTarget(editable)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
