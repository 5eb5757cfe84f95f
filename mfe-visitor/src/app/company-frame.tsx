import { Outlet } from 'react-router-dom';
import { CompanyHeader } from '@incontra/mfe-kit/company-header';
import { VisitorFooter } from './visitor-footer';

/**
 * The company's frame around every visitor page (welcome, live steps and outcomes, booking, not
 * found): its logo and name on top, the page in the main landmark, the privacy and terms links
 * at the foot. A layout route, so the frame
 * is one element that stays put while the steps below it change.
 */
export function CompanyFrame() {
  return (
    <>
      <CompanyHeader />
      <main>
        <Outlet />
      </main>
      <VisitorFooter />
    </>
  );
}
