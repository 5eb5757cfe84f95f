import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import type { VisitorTexts } from '../../texts/hooks/use-visitor-texts';
import type { LiveSession, LiveView } from '../hooks/live-flow-state';

/** What the top of the page says for a step: announced as a whole whenever it changes. */
export interface StepHeader {
  /** The e2e suite's name for the step (on the page's frame). */
  testId?: string;
  title: string;
  lead?: string;
  /** The staff's own words with a rejection or a busy answer. */
  message?: string | null;
}

/** The header of every step after the request was sent; the waiting one in the room's words. */
export function headerOf(view: Exclude<LiveView, 'name'>, session: LiveSession, texts: Pick<VisitorTexts, 'text'>): StepHeader {
  const message = session.request.message;
  switch (view) {
    case 'phone':
      return { title: IT_LOBBY.visitor.phoneTitle, lead: IT_LOBBY.visitor.phoneText };
    case 'code':
      return { title: IT_LOBBY.visitor.phoneTitle, lead: IT_LOBBY.visitor.codeText(session.codeSent?.phoneNumber ?? '') };
    case 'waiting':
      return { testId: 'waiting-step', title: texts.text('liveTitle'), lead: texts.text('waitingMessage') };
    case 'approved':
      return { testId: 'outcome-approved', title: IT_LOBBY.visitor.approved };
    case 'busy':
      return { testId: 'outcome-busy', title: IT_LOBBY.visitor.busyTitle, message };
    case 'rejected':
      return { testId: 'outcome-rejected', title: IT_LOBBY.visitor.rejectedTitle, message };
    case 'expired':
      return { testId: 'outcome-expired', title: IT_LOBBY.visitor.expiredTitle, lead: IT_LOBBY.visitor.expiredText };
    case 'cancelled':
      return { testId: 'outcome-cancelled', title: IT_LOBBY.visitor.cancelled };
    case 'gone':
      return { testId: 'outcome-gone', title: IT_LOBBY.visitor.goneTitle };
    case 'ended':
      return { testId: 'outcome-ended', title: IT_LOBBY.visitor.endedTitle, lead: IT_LOBBY.visitor.endedText };
  }
}
