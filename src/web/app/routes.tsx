import type { RouteObject } from 'react-router';
import { PageFallback } from '../components/ui/spinner';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * Every route of SPEC §2, each lazy-loaded so the first page carries only its own code.
 * A route whose feature has not landed yet renders the coming-soon page with its title
 * (`handle.titleKey`); a feature replaces its `lazy` import when it arrives.
 */
const comingSoon = () => import('../pages/coming-soon');

interface PageRoute {
  path: string;
  titleKey: string;
  lazy?: RouteObject['lazy'];
}

const PAGES: PageRoute[] = [
  { path: '/guide', titleKey: 'routes.guide' },
  { path: '/guide-dashboard', titleKey: 'routes.guideDashboard' },
  { path: '/dashboard', titleKey: 'routes.dashboard', lazy: () => import('../pages/dashboard') },
  { path: '/profile', titleKey: 'routes.profile' },
  { path: '/messages', titleKey: 'routes.messages' },
  { path: '/settings/notifications', titleKey: 'routes.notificationSettings' },
  { path: '/become-guide', titleKey: 'routes.becomeGuide' },
  { path: '/application-status', titleKey: 'routes.applicationStatus' },
  { path: '/login', titleKey: 'routes.login' },
  { path: '/signup', titleKey: 'routes.signup' },
  { path: '/forgot-password', titleKey: 'routes.forgotPassword' },
  { path: '/reset-password', titleKey: 'routes.resetPassword' },
  { path: '/search', titleKey: 'routes.search', lazy: () => import('../pages/search') },
  { path: '/guides/:id', titleKey: 'routes.guideProfile', lazy: () => import('../pages/guide-profile') },
  { path: '/itinerary/:id', titleKey: 'routes.itinerary', lazy: () => import('../pages/itinerary') },
  { path: '/checkout/:guideId', titleKey: 'routes.checkout' },
  { path: '/checkout', titleKey: 'routes.checkout' },
  { path: '/booking/:bookingId/payment-proof', titleKey: 'routes.paymentProof' },
  { path: '/payment-success', titleKey: 'routes.paymentSuccess' },
  { path: '/payment-demo', titleKey: 'routes.paymentDemo' },
  { path: '/withdrawal', titleKey: 'routes.withdrawal' },
  { path: '/verify-identity', titleKey: 'routes.verifyIdentity' },
  { path: '/pdf-preview/:id', titleKey: 'routes.pdfPreview' },
  { path: '/terms', titleKey: 'routes.terms' },
  { path: '/privacy', titleKey: 'routes.privacy' },
  { path: '/help', titleKey: 'routes.help' },
  { path: '/help/how-it-works', titleKey: 'routes.helpHowItWorks' },
  { path: '/help/featured', titleKey: 'routes.helpFeatured' },
  { path: '/help/cities', titleKey: 'routes.helpCities' },
  { path: '/help/traveler-community', titleKey: 'routes.helpTravelerCommunity' },
  { path: '/help/guide-resources', titleKey: 'routes.helpGuideResources' },
  { path: '/help/guide-community', titleKey: 'routes.helpGuideCommunity' },
  { path: '/help/safety', titleKey: 'routes.helpSafety' },
  { path: '/help/cancellation', titleKey: 'routes.helpCancellation' },
  { path: '/help/about', titleKey: 'routes.helpAbout' },
  { path: '/help/contact', titleKey: 'routes.helpContact' },
  { path: '/help/privacy', titleKey: 'routes.helpPrivacy' },
  { path: '/help/terms', titleKey: 'routes.helpTerms' },
  { path: '/help/cookies', titleKey: 'routes.helpCookies' },
];

export interface RouteHandle {
  titleKey?: string;
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageFallback />,
    children: [
      { index: true, lazy: () => import('../pages/home') },
      ...PAGES.map(
        (p): RouteObject => ({ path: p.path, handle: { titleKey: p.titleKey } satisfies RouteHandle, lazy: p.lazy ?? comingSoon }),
      ),
      { path: '*', lazy: () => import('../pages/not-found') },
    ],
  },
];
