import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicCompany } from '@incontra/contracts/api/company';
import { IT_COMPANY } from '@incontra/contracts/messages/it-company';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { TEST_COMPANY, TEST_USER } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch, type FakeReply } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from '../../../app/test-utils';

const COMPANY: PublicCompany = { ...TEST_COMPANY, privacyPolicy: '<p>Trattiamo i dati con cura.</p>', wall: '<p>Benvenuti</p>' };
const MILANO = '5b0d1f2e-3c4a-4b5c-8d6e-7f8091a2b3c4';
const BASE = `/api/company/${COMPANY.id}`;

function api(overrides: Record<string, FakeReply | ((request: { body: unknown }) => FakeReply)> = {}) {
  return mockFetch({
    'GET /api/me': { status: 200, body: TEST_USER },
    [`GET ${BASE}`]: { status: 200, body: COMPANY },
    'GET /api/config/company': {
      status: 200,
      body: { id: COMPANY.id, name: COMPANY.name, stores: [{ id: MILANO, name: 'Milano Centro', address: null, wall: '<p>In centro</p>' }] },
    },
    ...overrides,
  });
}

/** The JSON body of the one call to `METHOD path`. */
function sent(fetchMock: jest.Mock, method: string, path: string): unknown {
  const call = fetchMock.mock.calls.find(([url, init]) => url === path && (init as RequestInit).method === method);
  return call ? JSON.parse(String((call[1] as RequestInit).body)) : undefined;
}

async function openTab(name: string) {
  await userEvent.click(await screen.findByRole('tab', { name }));
}

describe('«Azienda»', () => {
  it('saves the data: name, welcome title, time zone and logo as they were', async () => {
    const fetchMock = api({ [`POST ${BASE}`]: ({ body }) => ({ status: 200, body: { ...COMPANY, ...(body as object) } }) });
    const { props } = renderApp('/admin/azienda');
    const name = await screen.findByRole('textbox', { name: IT_COMPANY.fields.name });
    expect(name).toHaveValue('Demo');
    expect(screen.getByRole('combobox', { name: IT_COMPANY.fields.timeZone })).toHaveValue('Europe/Rome');

    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: IT_MANAGEMENT.form.save }));
    expect(name).toHaveAccessibleDescription(IT_COMPANY.validation.nameRequired);
    expect(sent(fetchMock, 'POST', BASE)).toBeUndefined();

    await userEvent.type(name, 'Demo Italia');
    await userEvent.type(screen.getByRole('textbox', { name: IT_COMPANY.fields.welcomeTitle }), 'Benvenuti!');
    await userEvent.click(screen.getByRole('button', { name: IT_MANAGEMENT.form.save }));
    await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: IT_COMPANY.saved.data }));
    expect(sent(fetchMock, 'POST', BASE)).toEqual({ name: 'Demo Italia', welcomeTitle: 'Benvenuti!', timeZone: 'Europe/Rome', logo: null });
  });

  it('shows the booking rules (the defaults while unset), refuses one out of range in Italian, and saves them as numbers', async () => {
    const fetchMock = api({ [`POST ${BASE}`]: ({ body }) => ({ status: 200, body: { ...COMPANY, settings: { ...COMPANY.settings, ...(body as object) } } }) });
    const { props } = renderApp('/admin/azienda');
    await openTab(IT_COMPANY.tabs.booking);
    const notice = screen.getByRole('textbox', { name: IT_COMPANY.fields.bookingMinNoticeMinutes });
    expect(screen.getByRole('textbox', { name: IT_COMPANY.fields.bookingHorizonDays })).toHaveValue('60');
    expect(notice).toHaveValue('120');

    await userEvent.clear(notice);
    await userEvent.type(notice, '-5');
    await userEvent.click(screen.getByRole('button', { name: IT_MANAGEMENT.form.save }));
    expect(notice).toHaveAccessibleDescription(expect.stringContaining(IT_COMPANY.validation.bookingMinNoticeMinutes));
    expect(sent(fetchMock, 'POST', BASE)).toBeUndefined();

    await userEvent.clear(notice);
    await userEvent.type(notice, '30');
    await userEvent.click(screen.getByRole('button', { name: IT_MANAGEMENT.form.save }));
    await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: IT_COMPANY.saved.booking }));
    expect(sent(fetchMock, 'POST', BASE)).toEqual({ bookingHorizonDays: 60, bookingMinNoticeMinutes: 30, bookingCancelCutoffMinutes: 120 });
  });

  it('uploads a logo, previews it and saves its address', async () => {
    const logo = '/api/editor/images/0123456789abcdef0123456789abcdef.png';
    const fetchMock = api({
      'POST /api/editor/upload-image': { status: 201, body: { url: logo } },
      [`POST ${BASE}`]: ({ body }) => ({ status: 200, body: { ...COMPANY, ...(body as object) } }),
    });
    renderApp('/admin/azienda');
    expect(await screen.findByText(IT_COMPANY.fields.logoNone)).toBeInTheDocument();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File([new Uint8Array([0x89, 0x50])], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: IT_COMPANY.fields.logoAlt })).toHaveAttribute('src', logo);
    await userEvent.click(screen.getByRole('button', { name: IT_MANAGEMENT.form.save }));
    await waitFor(() => expect(sent(fetchMock, 'POST', BASE)).toMatchObject({ logo }));

    await userEvent.click(screen.getByRole('button', { name: IT_COMPANY.fields.logoRemove }));
    expect(screen.queryByRole('img', { name: IT_COMPANY.fields.logoAlt })).not.toBeInTheDocument();
  });

  it('checks the colour’s contrast as it is typed and previews the look', async () => {
    const fetchMock = api({ [`POST ${BASE}`]: ({ body }) => ({ status: 200, body: { ...COMPANY, ...(body as object) } }) });
    const { props } = renderApp('/admin/azienda');
    await openTab(IT_COMPANY.tabs.look);
    const color = screen.getByRole('textbox', { name: IT_COMPANY.fields.primaryColor });

    await userEvent.clear(color);
    await userEvent.type(color, '#2f9e44');
    expect(color).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(IT_COMPANY.validation.contrast('3,44', '4,50'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: IT_MANAGEMENT.form.save })).toBeDisabled();

    await userEvent.clear(color);
    await userEvent.type(color, '#1864ab');
    expect(color).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText(IT_COMPANY.contrastOk('6,08', IT_COMPANY.inkNames.white))).toBeInTheDocument();
    await userEvent.click(screen.getByText(IT_COMPANY.themes.modern));
    const [join] = screen.getAllByTestId('preview-action');
    expect(join).toHaveTextContent(IT_COMPANY.preview.join);
    expect(join).toHaveStyle({ backgroundColor: '#1864ab', borderRadius: '16px' });

    await userEvent.click(screen.getByRole('button', { name: IT_MANAGEMENT.form.save }));
    await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: IT_COMPANY.saved.look }));
    expect(sent(fetchMock, 'POST', BASE)).toEqual({ primaryColor: '#1864ab', theme: 'modern' });
  });

  it('keeps a stored colour below the minimum when only the style changes, saying so', async () => {
    const seeded = { ...COMPANY, primaryColor: '#1c7ed6' };
    const fetchMock = api({
      [`GET ${BASE}`]: { status: 200, body: seeded },
      [`POST ${BASE}`]: ({ body }) => ({ status: 200, body: { ...seeded, ...(body as object) } }),
    });
    renderApp('/admin/azienda');
    await openTab(IT_COMPANY.tabs.look);
    const color = screen.getByRole('textbox', { name: IT_COMPANY.fields.primaryColor });
    expect(color).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText(IT_COMPANY.contrastLowKept('4,19', '4,50'))).toBeInTheDocument();

    await userEvent.click(screen.getByText(IT_COMPANY.themes.elegant));
    await userEvent.click(screen.getByRole('button', { name: IT_MANAGEMENT.form.save }));
    await waitFor(() => expect(sent(fetchMock, 'POST', BASE)).toEqual({ theme: 'elegant' }));
  });

  it('shows the privacy policy in the editor and saves its HTML', async () => {
    const fetchMock = api({ [`POST ${BASE}/privacy`]: ({ body }) => ({ status: 200, body }) });
    const { props } = renderApp('/admin/azienda');
    await openTab(IT_COMPANY.tabs.privacy);
    const editor = await screen.findByRole('textbox', { name: IT_COMPANY.fields.privacyPolicy });
    expect(editor).toHaveTextContent('Trattiamo i dati con cura.');
    for (const label of [
      IT_COMPANY.editor.labels.boldControlLabel,
      IT_COMPANY.editor.labels.linkControlLabel,
      IT_COMPANY.editor.labels.imageUploadControlLabel,
    ]) {
      expect(screen.getByRole('button', { name: label })).toBeInTheDocument();
    }

    await userEvent.click(screen.getByRole('button', { name: IT_MANAGEMENT.form.save }));
    await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: IT_COMPANY.saved.privacy }));
    expect(sent(fetchMock, 'POST', `${BASE}/privacy`)).toEqual({ privacyPolicy: '<p>Trattiamo i dati con cura.</p>' });
  });

  it('formats the text with the toolbar and submits the resulting HTML', async () => {
    const fetchMock = api({ [`POST ${BASE}/privacy`]: ({ body }) => ({ status: 200, body }) });
    renderApp('/admin/azienda');
    await openTab(IT_COMPANY.tabs.privacy);
    const editor = await screen.findByRole('textbox', { name: IT_COMPANY.fields.privacyPolicy });
    // ProseMirror maps a click to a position with layout jsdom does not have: none is found.
    document.elementFromPoint = jest.fn(() => null);
    await userEvent.click(editor);
    await userEvent.keyboard('{Control>}a{/Control}');
    await userEvent.click(screen.getByRole('button', { name: IT_COMPANY.editor.labels.boldControlLabel }));
    await userEvent.click(screen.getByRole('button', { name: IT_COMPANY.editor.labels.h2ControlLabel }));
    await userEvent.click(screen.getByRole('button', { name: IT_MANAGEMENT.form.save }));
    await waitFor(() => expect(sent(fetchMock, 'POST', `${BASE}/privacy`)).toEqual({ privacyPolicy: '<h2><strong>Trattiamo i dati con cura.</strong></h2>' }));
  });

  it('uploads an image picked in the editor and says why when it is refused', async () => {
    const message = 'Sono accettate solo immagini PNG, JPEG, WebP o GIF.';
    const fetchMock = api({
      'POST /api/editor/upload-image': { status: 415, body: { statusCode: 415, error: 'Unsupported Media Type', message, field: 'image' } },
    });
    // The editor shows the picked file at once from a blob: address, which jsdom cannot make.
    URL.createObjectURL = jest.fn(() => 'blob:preview');
    URL.revokeObjectURL = jest.fn();
    const { props } = renderApp('/admin/azienda');
    await openTab(IT_COMPANY.tabs.privacy);
    await screen.findByRole('textbox', { name: IT_COMPANY.fields.privacyPolicy });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File([new Uint8Array([0x89, 0x50])], 'foto.png', { type: 'image/png' }));
    await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'error', message: `${IT_COMPANY.image.uploadFailed} ${message}` }));
    const upload = fetchMock.mock.calls.find(([url]) => url === '/api/editor/upload-image');
    expect((upload?.[1] as RequestInit).body).toBeInstanceOf(FormData);
    expect(((upload?.[1] as RequestInit).body as FormData).get('image')).toBeInstanceOf(File);
  });

  it('shows a refusal of the text above the editor', async () => {
    const message = IT_COMPANY.validation.textTooLong(100);
    api({ [`POST ${BASE}/tos`]: { status: 400, body: { statusCode: 400, error: 'Bad Request', message, field: 'tosPolicy' } } });
    renderApp('/admin/azienda');
    await openTab(IT_COMPANY.tabs.terms);
    await screen.findByRole('textbox', { name: IT_COMPANY.fields.tosPolicy });
    await userEvent.click(screen.getByRole('button', { name: IT_MANAGEMENT.form.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it("edits a store's wall chosen in the list", async () => {
    const fetchMock = api({ [`POST /api/store/${MILANO}/wall`]: ({ body }) => ({ status: 200, body }) });
    renderApp('/admin/azienda');
    await openTab(IT_COMPANY.tabs.wall);
    expect(await screen.findByRole('textbox', { name: IT_COMPANY.fields.companyWall })).toHaveTextContent('Benvenuti');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: IT_COMPANY.fields.wallTarget }), 'Milano Centro');
    const storeWall = await screen.findByRole('textbox', { name: `${IT_COMPANY.fields.storeWall}: Milano Centro` });
    expect(storeWall).toHaveTextContent('In centro');
    await userEvent.click(screen.getByRole('button', { name: IT_MANAGEMENT.form.save }));
    await waitFor(() => expect(sent(fetchMock, 'POST', `/api/store/${MILANO}/wall`)).toEqual({ wall: '<p>In centro</p>' }));
  });
});
