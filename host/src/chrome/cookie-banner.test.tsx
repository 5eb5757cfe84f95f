import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COOKIE_CONSENT_STORAGE_KEY, DEFAULT_PRIVACY_POLICY_URL, SHELL_BOTTOM_INSET } from '@incontra/contracts/constants';
import { FIRST_PAINT_CONSENT_ELEMENT_ID } from '@incontra/contracts/first-paint';
import { IT } from '@incontra/contracts/messages/it';
import { renderWithMantine } from '../test-utils';
import { CookieBanner } from './cookie-banner';

describe('CookieBanner', () => {
  beforeEach(() => window.localStorage.clear());

  it('shows the spec texts and an external privacy link', () => {
    renderWithMantine(<CookieBanner privacyPolicyUrl="https://demo.example/privacy" />);
    expect(screen.getByText(IT.cookies.text, { exact: false })).toBeVisible();
    const link = screen.getByRole('link', { name: IT.cookies.learnMore });
    expect(link).toHaveAttribute('href', 'https://demo.example/privacy');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('button', { name: IT.cookies.accept })).toBeVisible();
  });

  it('links a default privacy page when the company has none', () => {
    renderWithMantine(<CookieBanner />);
    expect(screen.getByRole('link', { name: IT.cookies.learnMore })).toHaveAttribute('href', DEFAULT_PRIVACY_POLICY_URL);
  });

  it('stores the consent and hides on "Ok, ho capito"', async () => {
    renderWithMantine(<CookieBanner />);
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
    renderWithMantine(<CookieBanner />);
    expect(document.getElementById(FIRST_PAINT_CONSENT_ELEMENT_ID)).toBeNull();
    expect(screen.queryAllByText(IT.cookies.text, { exact: false })).toHaveLength(stored ? 0 : 1);
  });

  it('stays hidden once consent is stored', () => {
    window.localStorage.setItem(COOKIE_CONSENT_STORAGE_KEY, 'accepted');
    renderWithMantine(<CookieBanner />);
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
    renderWithMantine(<CookieBanner />);
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
    renderWithMantine(<CookieBanner />);
    expect(inset()).toBe('');
  });

  it('gives the inset back when the shell unmounts it', () => {
    const view = renderWithMantine(<CookieBanner />);
    expect(inset()).toBe('96px');
    view.unmount();
    expect(inset()).toBe('');
  });
});
