/** TanStack Query keys shared by the shell and the remotes: tenant first. */
export const queryKeys = {
  companyByHost: (host: string) => ['company-by-host', host] as const,
  me: (companyId: string) => ['company', companyId, 'me'] as const,
  subscription: (companyId: string) => ['company', companyId, 'subscription'] as const,
  companyConfig: (companyId: string) => ['company', companyId, 'config'] as const,
  storeConfig: (companyId: string, storeId: string) => ['company', companyId, 'stores', storeId, 'config'] as const,
  roomTranslations: (companyId: string, roomId: string) => ['company', companyId, 'rooms', roomId, 'translations'] as const,
};
