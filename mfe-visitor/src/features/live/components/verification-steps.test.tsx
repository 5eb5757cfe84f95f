import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import type { FakeReply } from '@incontra/mfe-kit/testing/mock-fetch';
import { REQUEST_ID, STORE_ID, VISITOR_TOKEN, apiError, sentRequest, visitorRequest } from '../testing/join-request-fixtures';
import { SEND_PATH, callsTo, liveHeader, renderLive, sendName } from '../testing/render-live';

const SEND_CODE = `POST /api/video-room/join-request/${REQUEST_ID}/send-verification-code`;
const VERIFY = `POST /api/video-room/join-request/${REQUEST_ID}/verify-verification-code`;
const PHONE = '+393331234567';

function codeSent(now: number) {
  return {
    status: 200,
    body: {
      request: visitorRequest({ status: 'verifying', verificationRequired: true, phoneNumber: PHONE }),
      phoneNumber: PHONE,
      codeExpiresAt: new Date(now + 600_000).toISOString(),
      resendAfter: new Date(now + 30_000).toISOString(),
    },
  };
}

describe('live flow, phone verification', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('asks the phone, then the code; a refused code says why; the right one leads to the waiting step', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    let phoneReply = apiError(400, IT_LOBBY.errors.phoneInvalid, 'phoneNumber');
    let verifyReply = apiError(422, IT_LOBBY.errors.codeWrong);
    const { fetchMock } = renderLive(`/partecipa?store=${STORE_ID}`, {
      [SEND_PATH]: { status: 200, body: sentRequest({ verificationRequired: true }) },
      [SEND_CODE]: () => phoneReply,
      [VERIFY]: () => verifyReply,
    });
    await sendName(user);

    const phoneForm = await screen.findByTestId('phone-form');
    expect(liveHeader()).toHaveTextContent(IT_LOBBY.visitor.phoneTitle);
    const phone = screen.getByRole('textbox', { name: IT_LOBBY.visitor.phoneLabel });
    expect(phone).toHaveAttribute('type', 'tel');
    await user.click(screen.getByRole('button', { name: IT_LOBBY.visitor.sendCode }));
    expect(phone).toHaveAccessibleDescription(IT_LOBBY.errors.phoneRequired);
    expect(callsTo(fetchMock, SEND_CODE)).toHaveLength(0);

    await user.type(phone, '333 123');
    await user.click(screen.getByRole('button', { name: IT_LOBBY.visitor.sendCode }));
    expect(await screen.findByText(IT_LOBBY.errors.phoneInvalid)).toBeInTheDocument();
    expect(phone).toHaveAccessibleDescription(IT_LOBBY.errors.phoneInvalid);
    expect(phoneForm).toBeInTheDocument();

    phoneReply = codeSent(Date.now());
    await user.clear(phone);
    await user.type(phone, '333 1234567');
    await user.click(screen.getByRole('button', { name: IT_LOBBY.visitor.sendCode }));
    expect(await screen.findByTestId('code-form')).toBeInTheDocument();
    expect(liveHeader()).toHaveTextContent(IT_LOBBY.visitor.codeText(PHONE));
    const sentCalls = callsTo(fetchMock, SEND_CODE);
    expect(sentCalls.at(-1)?.body).toEqual({ phoneNumber: '333 1234567' });
    expect(sentCalls.at(-1)?.headers).toMatchObject({ authorization: `Bearer ${VISITOR_TOKEN}` });

    const code = screen.getByRole('textbox', { name: IT_LOBBY.visitor.codeLabel });
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '12a');
    await user.click(screen.getByRole('button', { name: IT_LOBBY.visitor.verify }));
    expect(code).toHaveAccessibleDescription(IT_LOBBY.errors.codeFormat);
    expect(callsTo(fetchMock, VERIFY)).toHaveLength(0);

    await user.clear(code);
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: IT_LOBBY.visitor.verify }));
    expect(await screen.findByText(IT_LOBBY.errors.codeWrong)).toBeInTheDocument();
    expect(screen.getByTestId('code-form')).toBeInTheDocument();

    verifyReply = { status: 200, body: visitorRequest({ status: 'verified', verificationRequired: false, phoneNumber: PHONE }) };
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: IT_LOBBY.visitor.verify }));
    expect(await screen.findByTestId('waiting-step')).toBeInTheDocument();
    expect(callsTo(fetchMock, VERIFY).at(-1)).toMatchObject({ body: { code: '123456' }, headers: { authorization: `Bearer ${VISITOR_TOKEN}` } });
  });

  it('checks the phone and the code again as they are typed once wrong, and a refusal goes once the field is changed', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { fetchMock } = renderLive(`/partecipa?store=${STORE_ID}`, {
      [SEND_PATH]: { status: 200, body: sentRequest({ verificationRequired: true }) },
      [SEND_CODE]: () => codeSent(Date.now()),
      [VERIFY]: apiError(422, IT_LOBBY.errors.codeWrong, 'code'),
    });
    await sendName(user);
    const phone = await screen.findByRole('textbox', { name: IT_LOBBY.visitor.phoneLabel });
    await user.type(phone, ' ');
    await user.click(screen.getByRole('button', { name: IT_LOBBY.visitor.sendCode }));
    expect(phone).toHaveAccessibleDescription(IT_LOBBY.errors.phoneRequired);
    // Still only blanks: still wrong.
    await user.type(phone, ' ');
    expect(phone).toHaveAccessibleDescription(IT_LOBBY.errors.phoneRequired);
    await user.type(phone, PHONE);
    expect(phone).not.toHaveAccessibleDescription();
    await user.click(screen.getByRole('button', { name: IT_LOBBY.visitor.sendCode }));

    const code = await screen.findByRole('textbox', { name: IT_LOBBY.visitor.codeLabel });
    await user.type(code, '12');
    expect(code).not.toHaveAccessibleDescription();
    await user.click(screen.getByRole('button', { name: IT_LOBBY.visitor.verify }));
    expect(code).toHaveAccessibleDescription(IT_LOBBY.errors.codeFormat);
    await user.type(code, '345');
    expect(code).toHaveAccessibleDescription(IT_LOBBY.errors.codeFormat);
    await user.type(code, '6');
    expect(code).not.toHaveAccessibleDescription();
    expect(callsTo(fetchMock, VERIFY)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: IT_LOBBY.visitor.verify }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(IT_LOBBY.errors.codeWrong));
    await user.clear(code);
    expect(code).toHaveAccessibleDescription(IT_LOBBY.errors.codeFormat);
  });

  it('offers a new code only after the pause, counting down, and lets the visitor change the number', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { fetchMock } = renderLive(`/partecipa?store=${STORE_ID}`, {
      [SEND_PATH]: { status: 200, body: sentRequest({ verificationRequired: true }) },
      [SEND_CODE]: () => codeSent(Date.now()),
    });
    await sendName(user);
    await user.type(await screen.findByRole('textbox', { name: IT_LOBBY.visitor.phoneLabel }), PHONE);
    await user.click(screen.getByRole('button', { name: IT_LOBBY.visitor.sendCode }));
    await screen.findByTestId('code-form');

    const resend = screen.getByRole('button', { name: IT_LOBBY.visitor.resendCode });
    expect(resend).toBeDisabled();
    expect(screen.getByText(IT_LOBBY.visitor.resendIn(30))).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(10_000));
    expect(screen.getByText(IT_LOBBY.visitor.resendIn(20))).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(20_000));
    expect(resend).toBeEnabled();
    await user.click(resend);
    await act(async () => undefined);
    expect(callsTo(fetchMock, SEND_CODE)).toHaveLength(2);
    expect(screen.getByRole('button', { name: IT_LOBBY.visitor.resendCode })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: IT_LOBBY.visitor.changePhone }));
    expect(screen.getByTestId('phone-form')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: IT_LOBBY.visitor.phoneLabel })).toHaveValue(PHONE);
  });

  it('shows a refused resend (a daily limit) in an alert', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    let reply: FakeReply = codeSent(Date.now());
    renderLive(`/partecipa?store=${STORE_ID}`, {
      [SEND_PATH]: { status: 200, body: sentRequest({ verificationRequired: true }) },
      [SEND_CODE]: () => reply,
    });
    await sendName(user);
    await user.type(await screen.findByRole('textbox', { name: IT_LOBBY.visitor.phoneLabel }), PHONE);
    await user.click(screen.getByRole('button', { name: IT_LOBBY.visitor.sendCode }));
    await screen.findByTestId('code-form');
    reply = apiError(429, IT_LOBBY.errors.sendLimitPhone);
    act(() => jest.advanceTimersByTime(30_000));
    await user.click(screen.getByRole('button', { name: IT_LOBBY.visitor.resendCode }));
    expect(await screen.findByRole('alert')).toHaveTextContent(IT_LOBBY.errors.sendLimitPhone);
  });
});
