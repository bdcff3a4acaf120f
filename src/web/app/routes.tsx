import { redirect, type RouteObject } from 'react-router';
import { PageFallback } from '../components/ui/spinner';
import { getSession } from '../lib/session';
import { RootLayout } from './root-layout';
import { isChunkLoadError } from '../components/ui/part-boundary';
import { OfflinePage, RouteError } from './route-error';

/**
 * Every route, each lazy-loaded so the first page carries only its own code.
 */
const helpIndex = () => import('../pages/help/index');
const helpArticle = () => import('../pages/help/article');
const checkout = () => import('../pages/checkout');

/**
 * A page's code, or the app's offline page when it cannot be fetched (decision 102): React Router
 * keeps a route's failed load for the rest of the page's life, and the offline page reloads once the
 * connection is back.
 */
function orOffline(load: () => Promise<object>) {
  return () =>
    load().catch((error: unknown) => {
      if (isChunkLoadError(error)) return { Component: OfflinePage };
      throw error;
    });
}

interface PageRoute {
  path: string;
  /** A public page, answered with its content already in the HTML (decision 074). */
  ssr?: true;
  titleKey: string;
  lazy: () => Promise<object>;
}

const PAGES: PageRoute[] = [
  { path: '/guide', titleKey: 'routes.guide', lazy: () => import('../pages/guide-home') },
  { path: '/guide-dashboard', titleKey: 'routes.guideDashboard', lazy: () => import('../pages/guide-dashboard') },
  { path: '/guide-dashboard/reviews', titleKey: 'routes.guideReviews', lazy: () => import('../pages/guide-reviews') },
  { path: '/dashboard', titleKey: 'routes.dashboard', lazy: () => import('../pages/dashboard') },
  { path: '/profile', titleKey: 'routes.profile', lazy: () => import('../pages/profile') },
  { path: '/profile/sessions', titleKey: 'routes.profileSessions', lazy: () => import('../pages/profile-sessions') },
  { path: '/messages', titleKey: 'routes.messages', lazy: () => import('../pages/messages') },
  {
    path: '/settings/notifications',
    titleKey: 'routes.notificationSettings',
    lazy: () => import('../pages/notification-settings'),
  },
  { path: '/become-guide', titleKey: 'routes.becomeGuide', lazy: () => import('../pages/become-guide') },
  {
    path: '/application-status',
    titleKey: 'routes.applicationStatus',
    lazy: () => import('../pages/application-status'),
  },
  { path: '/login', titleKey: 'routes.login', lazy: () => import('../pages/login') },
  { path: '/signup', titleKey: 'routes.signup', lazy: () => import('../pages/signup') },
  { path: '/forgot-password', titleKey: 'routes.forgotPassword', lazy: () => import('../pages/forgot-password') },
  { path: '/reset-password', titleKey: 'routes.resetPassword', lazy: () => import('../pages/reset-password') },
  { path: '/auth/wechat', titleKey: 'routes.wechat', lazy: () => import('../pages/wechat') },
  { path: '/search', ssr: true, titleKey: 'routes.search', lazy: () => import('../pages/search') },
  { path: '/guides/:id', ssr: true, titleKey: 'routes.guideProfile', lazy: () => import('../pages/guide-profile') },
  { path: '/itinerary/:id', ssr: true, titleKey: 'routes.itinerary', lazy: () => import('../pages/itinerary') },
  { path: '/checkout/:guideId', titleKey: 'routes.checkout', lazy: checkout },
  { path: '/checkout', titleKey: 'routes.checkout', lazy: checkout },
  { path: '/booking/:bookingId/receipts', titleKey: 'routes.receipts', lazy: () => import('../pages/receipts') },
  {
    path: '/booking/:bookingId/payment-proof',
    titleKey: 'routes.paymentProof',
    lazy: () => import('../pages/payment-proof'),
  },
  { path: '/payment-success', titleKey: 'routes.paymentSuccess', lazy: () => import('../pages/payment-success') },
  { path: '/payment-demo', titleKey: 'routes.paymentDemo', lazy: () => import('../pages/payment-demo') },
  { path: '/withdrawal', titleKey: 'routes.withdrawal', lazy: () => import('../pages/withdrawal') },
  { path: '/verify-identity', titleKey: 'routes.verifyIdentity', lazy: () => import('../pages/verify-identity') },
  { path: '/pdf-preview/:id', titleKey: 'routes.pdfPreview', lazy: () => import('../pages/pdf-preview') },
  { path: '/admin', titleKey: 'routes.admin', lazy: () => import('../pages/admin') },
  { path: '/admin/*', titleKey: 'routes.admin', lazy: () => import('../pages/admin') },
  { path: '/terms', ssr: true, titleKey: 'routes.terms', lazy: helpArticle },
  { path: '/privacy', ssr: true, titleKey: 'routes.privacy', lazy: helpArticle },
  {
    path: '/legal/commerce',
    ssr: true,
    titleKey: 'routes.legalCommerce',
    lazy: () => import('../pages/legal-commerce'),
  },
  { path: '/privacy/cross-border', ssr: true, titleKey: 'routes.crossBorder', lazy: helpArticle },
  { path: '/privacy/sensitive-data', ssr: true, titleKey: 'routes.sensitiveData', lazy: helpArticle },
  { path: '/help', ssr: true, titleKey: 'routes.help', lazy: helpIndex },
  { path: '/help/how-it-works', ssr: true, titleKey: 'routes.helpHowItWorks', lazy: helpArticle },
  { path: '/help/featured', ssr: true, titleKey: 'routes.helpFeatured', lazy: helpArticle },
  { path: '/help/cities', ssr: true, titleKey: 'routes.helpCities', lazy: helpArticle },
  { path: '/help/traveler-community', ssr: true, titleKey: 'routes.helpTravelerCommunity', lazy: helpArticle },
  { path: '/help/guide-resources', ssr: true, titleKey: 'routes.helpGuideResources', lazy: helpArticle },
  { path: '/help/guide-community', ssr: true, titleKey: 'routes.helpGuideCommunity', lazy: helpArticle },
  { path: '/help/safety', ssr: true, titleKey: 'routes.helpSafety', lazy: helpArticle },
  { path: '/help/paying-and-transport', ssr: true, titleKey: 'routes.helpPayingAndTransport', lazy: helpArticle },
  { path: '/help/cancellation', ssr: true, titleKey: 'routes.helpCancellation', lazy: helpArticle },
  { path: '/help/about', ssr: true, titleKey: 'routes.helpAbout', lazy: helpArticle },
  { path: '/help/contact', ssr: true, titleKey: 'routes.helpContact', lazy: helpArticle },
  { path: '/help/privacy', ssr: true, titleKey: 'routes.helpPrivacy', lazy: helpArticle },
  { path: '/help/terms', ssr: true, titleKey: 'routes.helpTerms', lazy: helpArticle },
  { path: '/help/cookies', ssr: true, titleKey: 'routes.helpCookies', lazy: helpArticle },
];

export interface RouteHandle {
  titleKey?: string;
  ssr?: boolean;
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageFallback />,
    children: [
      // A guide-role user is redirected from the landing page to /guide.
      {
        index: true,
        handle: { ssr: true } satisfies RouteHandle,
        loader: () => (getSession()?.user.role === 'guide' ? redirect('/guide') : null),
        lazy: orOffline(() => import('../pages/home')),
        errorElement: <RouteError />,
      },
      ...PAGES.map(
        // Each page's own error element keeps the header and its menu (an offline page, decision 102).
        (p): RouteObject => ({
          path: p.path,
          handle: { titleKey: p.titleKey, ssr: p.ssr ?? false } satisfies RouteHandle,
          lazy: orOffline(p.lazy),
          errorElement: <RouteError />,
        }),
      ),
      // The support chat's test panel is not routed; development builds show it here.
      ...(import.meta.env.DEV ? [{ path: '/dev/support', lazy: () => import('../pages/dev/support-test') }] : []),
      // Unknown paths: the not-found page, rendered on the server with a 404.
      {
        path: '*',
        handle: { ssr: true } satisfies RouteHandle,
        lazy: orOffline(() => import('../pages/not-found')),
        errorElement: <RouteError />,
      },
    ],
  },
];
