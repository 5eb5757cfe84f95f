import { IT_BILLING_DOCUMENTS } from '@incontra/contracts/messages/it-billing-documents';
import { createSmtpTransport } from '../../mail/smtp-transport';
import type { SdiPecConfig } from '../billing-config';
import type { SdiTransmitter } from './e-invoices';

/**
 * The SdI's PEC channel: each FatturaPA file leaves as the attachment of a message from the
 * seller's PEC mailbox (its provider's SMTP server, SDI_PEC_SMTP_URL, with the mailbox's
 * credentials) to the SdI's address (SDI_PEC_TO). Accepted by the PEC provider is 'sent'; the
 * SdI's receipts (ricevuta di consegna, notifica di scarto) come back to that mailbox, where the
 * seller reads them. The SMTP steps are bounded (smtp-transport.ts): a provider that stops
 * answering fails the attempt, which is tried again later.
 */
export function createPecSdiTransmitter(config: SdiPecConfig): SdiTransmitter {
  const transport = createSmtpTransport(config.smtpUrl);
  return {
    sends: true,
    async transmit({ fileName, xml }) {
      await transport.send({
        from: config.from,
        to: config.to,
        subject: IT_BILLING_DOCUMENTS.sdiPec.subject(fileName),
        text: IT_BILLING_DOCUMENTS.sdiPec.text(fileName),
        attachments: [{ filename: fileName, contentType: 'application/xml', content: xml }],
      });
    },
    close: () => transport.close(),
  };
}
