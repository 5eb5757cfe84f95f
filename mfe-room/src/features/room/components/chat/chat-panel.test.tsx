import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { ChatPanel } from './chat-panel';
import type { ChatEntry } from './chat-message-item';
import { renderInRoom } from '../testing/render-in-room';

const ENTRIES: ChatEntry[] = [
  { id: '1', kind: 'text', authorName: 'Marco', mine: false, sentAt: '2026-11-22T10:00:00.000Z', text: 'Buongiorno' },
  {
    id: '2',
    kind: 'file',
    authorName: 'Anna',
    mine: true,
    sentAt: '2026-11-22T10:01:00.000Z',
    file: { name: 'listino.pdf', size: 1_500_000, url: '/api/files/abc' },
  },
];

function panel(overrides: Partial<Parameters<typeof ChatPanel>[0]> = {}) {
  const props = { entries: ENTRIES, onSend: jest.fn(), onSendFile: jest.fn(async () => undefined), onClose: jest.fn(), fullScreen: false, ...overrides };
  return { ...renderInRoom(<ChatPanel {...props} />), props };
}

describe('chat panel', () => {
  it('shows text messages and file messages as a download link with name and size', () => {
    panel();
    const messages = screen.getAllByTestId('chat-message');
    expect(messages.map((message) => message.getAttribute('data-kind'))).toEqual(['text', 'file']);
    expect(messages[0]).toHaveTextContent('Marco');
    expect(messages[0]).toHaveTextContent('Buongiorno');
    const link = within(messages[1]!).getByRole('link', { name: 'listino.pdf' });
    expect(link).toHaveAttribute('href', '/api/files/abc');
    expect(link).toHaveAttribute('download', 'listino.pdf');
    expect(messages[1]).toHaveTextContent('1,4 MB');
  });

  it('sends with Enter and with the send button, trimmed, never empty', async () => {
    const { props } = panel();
    const input = screen.getByTestId('chat-input');
    await userEvent.type(input, '  Ciao  {Enter}');
    expect(props.onSend).toHaveBeenCalledWith('Ciao');
    expect(input).toHaveValue('');
    await userEvent.type(input, '   {Enter}');
    expect(props.onSend).toHaveBeenCalledTimes(1);
    await userEvent.type(input, 'Seconda');
    await userEvent.click(screen.getByTestId('chat-send'));
    expect(props.onSend).toHaveBeenLastCalledWith('Seconda');
  });

  it('sends a picked file, and refuses one too large or of a type the room does not take', async () => {
    const { props } = panel();
    const input = screen.getByTestId('chat-file-input');
    const pdf = new File(['%PDF-1.4'], 'offerta.pdf', { type: 'application/pdf' });
    await userEvent.upload(input, pdf);
    expect(props.onSendFile).toHaveBeenCalledWith(pdf);

    const exe = new File(['MZ'], 'virus.exe', { type: 'application/octet-stream' });
    await userEvent.upload(input, exe, { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent(IT_ROOM.fileTypeRefused);
    expect(props.onSendFile).toHaveBeenCalledTimes(1);
  });

  it('says so when a file could not be sent', async () => {
    panel({ onSendFile: jest.fn(async () => Promise.reject(new Error('413'))) });
    await userEvent.upload(screen.getByTestId('chat-file-input'), new File(['x'], 'nota.txt', { type: 'text/plain' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(IT_ROOM.fileSendFailed));
  });

  it('covers the screen on phones and sits beside the videos elsewhere', () => {
    const { rerender, props } = panel({ fullScreen: true });
    expect(screen.getByTestId('chat-panel')).toHaveAttribute('data-layout', 'overlay');
    rerender(<ChatPanel {...props} fullScreen={false} />);
    expect(screen.getByTestId('chat-panel')).toHaveAttribute('data-layout', 'side');
  });
});
