import { idParam } from '@incontra/contracts/api/common';
import { IT_BILLING_DOCUMENTS } from '@incontra/contracts/messages/it-billing-documents';
import * as z from 'zod/mini';
import type { Authenticate } from '../../auth/authenticate';
import { registerStaffRoutes } from '../../auth/staff-scope';
import type { ZodPluginAsync } from '../../http/zod-type-provider';
import { InvoiceDocuments, type InvoiceDocumentsOptions } from './invoice-documents';

export interface InvoiceDocumentRoutesOptions extends InvoiceDocumentsOptions {
  authenticate: Authenticate;
}

const paramsSchema = z.object({ id: idParam(IT_BILLING_DOCUMENTS.invoiceNotFound) });

/** A file to save, never shown inline nor kept by a shared cache. */
const attachment = (fileName: string) => `attachment; filename="${fileName}"`;

/**
 * The downloads of a paid invoice (admins: manageSubscription): GET …/receipt, the PDF receipt,
 * and GET …/e-invoice, the FatturaPA XML under the SdI's file name. 404 for an unknown id,
 * another company's invoice or one not paid. Registered by the billing plugin.
 */
export const invoiceDocumentRoutes: ZodPluginAsync<InvoiceDocumentRoutesOptions> = async (app, { authenticate, ...options }) => {
  const documents = new InvoiceDocuments(options);
  await registerStaffRoutes(app, authenticate, async (staff) => {
    staff.get('/api/payments/company/:id/receipt', { schema: { params: paramsSchema } }, async (request, reply) => {
      const { fileName, pdf } = await documents.receipt(request.staff, request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', attachment(fileName))
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    });

    staff.get('/api/payments/company/:id/e-invoice', { schema: { params: paramsSchema } }, async (request, reply) => {
      const { fileName, xml } = await documents.eInvoice(request.staff, request.params.id);
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', attachment(fileName))
        .header('cache-control', 'private, no-store')
        .send(xml);
    });
  });
};
