/** The undelivered e-mails' query key, tenant first. */
export const mailKeys = {
  undelivered: (companyId: string) => ['company', companyId, 'mail', 'undelivered'] as const,
};
