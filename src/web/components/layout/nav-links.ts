import { cn } from '../../lib/cn';

/** Header navigation; footer columns (discover, guides, support, legal). Every link is a real route. */
export const HEADER_LINKS = [
  { to: '/search', key: 'nav.findGuides' },
  { to: '/become-guide', key: 'nav.becomeGuide' },
  { to: '/help', key: 'nav.help' },
] as const;

export const FOOTER_COLUMNS = [
  {
    key: 'footer.discover',
    links: [
      { to: '/search', key: 'footer.links.findGuides' },
      { to: '/help/cities', key: 'footer.links.cities' },
      { to: '/help/featured', key: 'footer.links.featured' },
      { to: '/help/how-it-works', key: 'footer.links.howItWorks' },
      { to: '/help/traveler-community', key: 'footer.links.travelerCommunity' },
    ],
  },
  {
    key: 'footer.guides',
    links: [
      { to: '/become-guide', key: 'footer.links.becomeGuide' },
      { to: '/help/guide-resources', key: 'footer.links.guideResources' },
      { to: '/help/guide-community', key: 'footer.links.guideCommunity' },
      { to: '/application-status', key: 'footer.links.applicationStatus' },
    ],
  },
  {
    key: 'footer.support',
    links: [
      { to: '/help', key: 'footer.links.helpCenter' },
      { to: '/help/safety', key: 'footer.links.safety' },
      { to: '/help/cancellation', key: 'footer.links.cancellation' },
      { to: '/help/contact', key: 'footer.links.contact' },
    ],
  },
  {
    key: 'footer.legal',
    links: [
      { to: '/terms', key: 'footer.links.terms' },
      { to: '/privacy', key: 'footer.links.privacy' },
      { to: '/legal/commerce', key: 'footer.links.commerce' },
      { to: '/help/cookies', key: 'footer.links.cookies' },
      { to: '/help/about', key: 'footer.links.about' },
    ],
  },
] as const;

export const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive
      ? 'text-primary-700 dark:text-primary-300'
      : 'text-stone-600 hover:text-stone-900 dark:text-stone-300 dark:hover:text-white',
  );
