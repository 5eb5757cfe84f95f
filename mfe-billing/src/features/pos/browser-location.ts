/** Leaving the product for another site (Stripe's onboarding): one place, so that a test can watch it. */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
