import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigateToUrl } from 'single-spa';
import type { PublicCompany } from '@incontra/contracts/api/company';
import { COOKIE_CONSENT_STORAGE_KEY, DEFAULT_PRIVACY_POLICY_URL, SHELL_BOTTOM_INSET } from '@incontra/contracts/constants';
import { FIRST_PAINT_CONSENT_ELEMENT_ID } from '@incontra/contracts/first-paint';
import { IT } from '@incontra/contracts/messages/it';
import { renderWithMantine } from '../test-utils';
import { CookieBanner } from './cookie-banner';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

type PrivacyTexts = Pick<PublicCompany, 'privacyPolicy' | 'settings'>;
const NO_TEXTS: PrivacyTexts = { privacyPolicy: null, settings: {} };
const EXTERNAL: PrivacyTexts = { privacyPolicy: null, settings: { privacyPolicyUrl: 'https://demo.example/privacy' } };
const OWN_PAGE: PrivacyTexts = { privacyPolicy: '<p>La nostra informativa.</p>', settings: { privacyPolicyUrl: 'https://demo.example/privacy' } };

describe('CookieBanner', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.history.pushState(null, '', '/');
  });

  it('shows the spec texts and an external privacy link', () => {
    renderWithMantine(<CookieBanner company={EXTERNAL} />);
    expect(screen.getByText(IT.cookies.text, { exact: false })).toBeVisible();
    const link = screen.getByRole('link', { name: IT.cookies.learnMore });
    expect(link).toHaveAttribute('href', 'https://demo.example/privacy');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('button', { name: IT.cookies.accept })).toBeVisible();
  });

  it('links a default privacy page when the company has none', () => {
    renderWithMantine(<CookieBanner company={NO_TEXTS} />);
    const link = screen.getByRole('link', { name: IT.cookies.learnMore });
    expect(link).toHaveAttribute('href', DEFAULT_PRIVACY_POLICY_URL);
    expect(link).toHaveAttribute('target', '_blank');
  });

  it("leads to the company's own /privacy page in place, through the shell's router, when the company wrote one", async () => {
    const user = userEvent.setup();
    // What the browser was left to do with each click (and nothing more: jsdom cannot load pages).
    const leftToBrowser: boolean[] = [];
    const watchClicks = (event: MouseEvent) => {
      leftToBrowser.push(!event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('click', watchClicks);
    try {
      renderWithMantine(<CookieBanner company={OWN_PAGE} />);
      const link = screen.getByRole('link', { name: IT.cookies.learnMore });
      expect(link).toHaveAttribute('href', '/privacy');
      expect(link).not.toHaveAttribute('target');

      await user.click(link);
      expect(navigateToUrl).toHaveBeenCalledWith('/privacy');

      // A click asking for a new tab is the browser's.
      jest.mocked(navigateToUrl).mockClear();
      await user.keyboard('{Control>}');
      await user.click(link);
      await user.keyboard('{/Control}');
      expect(navigateToUrl).not.toHaveBeenCalled();
      expect(leftToBrowser).toEqual([false, true]);
    } finally {
      window.removeEventListener('click', watchClicks);
    }
  });

  it("opens the company's page in a new tab from a page that leaving would cancel (the live queue, a call)", () => {
    window.history.pushState(null, '', '/partecipa');
    renderWithMantine(<CookieBanner company={OWN_PAGE} />);
    const link = screen.getByRole('link', { name: IT.cookies.learnMore });
    expect(link).toHaveAttribute('href', '/privacy');
    expect(link).toHaveAttribute('target', '_blank');

    // Back on the welcome page (the remotes move the page and announce it), in place again.
    act(() => {
      window.history.pushState(null, '', '/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByRole('link', { name: IT.cookies.learnMore })).not.toHaveAttribute('target');
  });

  it('stores the consent and hides on "Ok, ho capito"', async () => {
    renderWithMantine(<CookieBanner company={NO_TEXTS} />);
    await userEvent.click(screen.getByRole('button', { name: IT.cookies.accept }));
    expect(window.localStorage.getItem(COOKIE_CONSENT_STORAGE_KEY)).toBe('accepted');
    expect(screen.queryByText(IT.cookies.text, { exact: false })).not.toBeInTheDocument();
  });

  it.each([
    ['without consent', null],
    ['with consent stored', 'accepted'],
  ])('takes the first-painted banner’s place, %s', (_case, stored) => {
    if (stored) window.localStorage.setItem(COOKIE_CONSENT_STORAGE_KEY, stored);
    document.body.insertAdjacentHTML('beforeend', `<section id="${FIRST_PAINT_CONSENT_ELEMENT_ID}">${IT.cookies.text}</section>`);
    renderWithMantine(<CookieBanner company={NO_TEXTS} />);
    expect(document.getElementById(FIRST_PAINT_CONSENT_ELEMENT_ID)).toBeNull();
    expect(screen.queryAllByText(IT.cookies.text, { exact: false })).toHaveLength(stored ? 0 : 1);
  });

  it('stays hidden once consent is stored', () => {
    window.localStorage.setItem(COOKIE_CONSENT_STORAGE_KEY, 'accepted');
    renderWithMantine(<CookieBanner company={NO_TEXTS} />);
    expect(screen.queryByRole('button', { name: IT.cookies.accept })).not.toBeInTheDocument();
  });
});

describe('CookieBanner: the room it leaves the remotes', () => {
  let bannerHeight = 0;
  const observers: FakeResizeObserver[] = [];
  class FakeResizeObserver {
    observed: Element[] = [];
    constructor(readonly callback: ResizeObserverCallback) {
      observers.push(this);
    }
    observe(element: Element) {
      this.observed.push(element);
    }
    unobserve() {}
    disconnect() {
      this.observed = [];
    }
    resize() {
      this.callback([], this as unknown as ResizeObserver);
    }
  }
  const inset = () => document.documentElement.style.getPropertyValue(SHELL_BOTTOM_INSET.property);

  beforeEach(() => {
    window.localStorage.clear();
    observers.length = 0;
    bannerHeight = 96;
    Object.defineProperty(window, 'ResizeObserver', { configurable: true, writable: true, value: FakeResizeObserver });
    // jsdom lays nothing out: the banner answers the height a browser would measure.
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const height = this.getAttribute('aria-label') === 'Cookie' ? bannerHeight : 0;
      return { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: height, width: 0, height, toJSON: () => ({}) } as DOMRect;
    });
  });
  afterEach(() => {
    jest.restoreAllMocks();
    Reflect.deleteProperty(window, 'ResizeObserver');
    document.documentElement.style.removeProperty(SHELL_BOTTOM_INSET.property);
  });

  it('publishes its height as the bottom inset while shown, follows its resizes, and clears it once accepted', async () => {
    renderWithMantine(<CookieBanner company={NO_TEXTS} />);
    expect(inset()).toBe('96px');
    // Pages in the normal flow can scroll their last controls out from under the banner.
    expect(document.body.style.paddingBottom).toBe(SHELL_BOTTOM_INSET.css);

    // Narrower screens wrap the text: the banner grows and the inset with it.
    bannerHeight = 148.4;
    act(() => observers.forEach((observer) => observer.resize()));
    expect(inset()).toBe('149px');

    await userEvent.click(screen.getByRole('button', { name: IT.cookies.accept }));
    expect(inset()).toBe('');
    expect(document.body.style.paddingBottom).toBe('');
    expect(observers.every((observer) => observer.observed.length === 0)).toBe(true);
  });

  it('reserves nothing when consent is already stored', () => {
    window.localStorage.setItem(COOKIE_CONSENT_STORAGE_KEY, 'accepted');
    renderWithMantine(<CookieBanner company={NO_TEXTS} />);
    expect(inset()).toBe('');
  });

  it('gives the inset back when the shell unmounts it', () => {
    const view = renderWithMantine(<CookieBanner company={NO_TEXTS} />);
    expect(inset()).toBe('96px');
    view.unmount();
    expect(inset()).toBe('');
  });
});
