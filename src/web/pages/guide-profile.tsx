import { ArrowLeft, Clock, MapPin, MessageCircle, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ButtonLink } from '../components/ui/button';
import { MachineTranslated } from '../components/ui/machine-translated';
import { LoadFailed, PageMessage } from '../components/ui/page-message';
import { BookingWidget, checkoutPath } from '../features/bookings';
import {
  useGuide,
  AvailabilityCalendar,
  WrittenIn,
  GuidePhoto,
  GuideScores,
  InstantBadge,
  ItineraryCard,
  PriceIncludes,
  Rating,
  ResponsivenessLine,
  ReviewsSection,
  ServicesList,
  safeRedirect,
  TrackRecord,
} from '../features/guides';
import { LicenceBadge, ProfileLicence } from '../features/licences';
import { cityName } from '../lib/format';
import { ChatWithGuideButton } from '../features/messaging';
import { SaveHeart } from '../features/saved-guides';
import { ApiError } from '../lib/api-client';
import { currentLocale } from '../lib/i18n';
import { withRedirect } from '../lib/safe-redirect';
import { useSession } from '../lib/session';
import { markNotFound } from '../lib/server-context';
import { useDocumentTitle } from '../lib/use-document-title';

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-[var(--radius-card)] border border-stone-200 bg-white p-5 shadow-soft dark:border-stone-800 dark:bg-stone-900"
    >
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function Component() {
  const { t } = useTranslation(['guides', 'common', 'licences']);
  const locale = currentLocale();
  const { id } = useParams();
  const guideId = Number(id);
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const back = safeRedirect(searchParams.get('redirect'));
  const query = useGuide(guideId);
  const guide = query.data;
  useDocumentTitle(guide?.user.fullName ?? t('common:routes.guideProfile'));

  if (
    !Number.isInteger(guideId) ||
    guideId <= 0 ||
    (query.isError && query.error instanceof ApiError && query.error.status === 404)
  ) {
    markNotFound();
    return (
      <PageMessage
        title={t('profile.notFound')}
        action={
          <ButtonLink to="/search" variant="primary">
            {t('profile.findOthers')}
          </ButtonLink>
        }
      />
    );
  }
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  if (!guide) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-8" role="status" aria-label={t('common:states.loading')}>
        <div className="flex gap-5">
          <div className="h-32 w-32 animate-pulse rounded-2xl bg-stone-200 dark:bg-stone-800" />
          <div className="flex-1 space-y-3">
            <div className="h-7 w-1/3 animate-pulse rounded bg-stone-200 dark:bg-stone-800" />
            <div className="h-4 w-1/2 animate-pulse rounded bg-stone-100 dark:bg-stone-800" />
          </div>
        </div>
        <div className="mt-8 h-64 animate-pulse rounded-[var(--radius-card)] bg-stone-100 dark:bg-stone-800" />
      </div>
    );
  }

  const own = session?.user.id === guide.userId;
  const name = guide.user.fullName;
  const years = Math.floor(guide.experienceMonths / 12);
  // Book: to the checkout with the box's choices; a visitor logs in first and comes back to it.
  const book = (draft: Parameters<typeof checkoutPath>[1]) => {
    const target = checkoutPath(guide.id, draft);
    void navigate(session ? target : withRedirect('/login', target), {
      state: { from: location.pathname + location.search },
    });
  };

  return (
    <div className="mx-auto max-w-6xl px-4 pb-32 pt-6 lg:pb-16">
      {back && (
        <Link
          to={back}
          className="inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline dark:text-primary-300"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden />
          {t('profile.back')}
        </Link>
      )}
      <header className="mt-4 flex flex-col gap-5 sm:flex-row sm:items-center">
        <GuidePhoto
          src={guide.user.profilePicture}
          alt={t('card.photoAlt', { name })}
          size={160}
          eager
          className="h-32 w-32 shrink-0 rounded-2xl shadow-soft sm:h-40 sm:w-40"
        />
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-3">
            <h1 className="text-3xl font-bold tracking-tight">{name}</h1>
            {!own && <SaveHeart guideId={guide.id} saved={guide.isSaved} size="lg" />}
          </div>
          <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-stone-600 dark:text-stone-400">
            <span className="inline-flex items-center gap-1">
              <MapPin className="h-4 w-4" aria-hidden />
              {cityName(guide.serviceCity, locale)}
            </span>
            <Rating rating={guide.rating} count={guide.reviewCount} />
            <ResponsivenessLine value={guide.responsiveness} size="profile" showNew={guide.reviewCount > 0} />
          </p>
          <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('profile.languages')}>
            {guide.languages.map((l) => (
              <li key={l} className="rounded-full border border-stone-300 px-3 py-0.5 text-sm dark:border-stone-700">
                {t(`languages.${l}`, { defaultValue: l })}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            <LicenceBadge licence={guide.licence} className="mt-3" />
            <InstantBadge on={guide.instantBook} className="mt-3" />
          </div>
          {guide.minNoticeHours > 0 && (
            <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">
              {t('instantBook.notice', { count: guide.minNoticeHours })}
            </p>
          )}
          {!own && (
            <ChatWithGuideButton
              guideId={guide.id}
              guideName={guide.user.fullName}
              variant="outline"
              size="sm"
              className="mt-3"
            >
              <MessageCircle className="h-4 w-4" aria-hidden />
              {t('profile.message')}
            </ChatWithGuideButton>
          )}
        </div>
      </header>

      <div className="mt-8 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-6">
          <Section title={t('profile.about')} id="about">
            <div data-testid="guide-bio">
              <MachineTranslated
                original={guide.bio}
                originalLanguage={guide.bioLanguage}
                translated={guide.bioTranslated}
                translation={guide.bioTranslation}
                className="whitespace-pre-line text-stone-700 dark:text-stone-300"
              />
            </div>
            <WrittenIn language={guide.bioLanguage} className="mt-2" />
          </Section>
          <Section title={t('profile.facts')} id="facts">
            <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
              <Fact
                icon={<Users className="h-4 w-4" />}
                label={t('profile.groupSize')}
                value={t('profile.groupSizeValue', { min: guide.minPeople, max: guide.maxPeople })}
              />
              <Fact
                icon={<Clock className="h-4 w-4" />}
                label={t('profile.duration')}
                value={t('profile.durationValue', { min: guide.minDuration, max: guide.maxDuration })}
              />
              {guide.targetGroups.length > 0 && (
                <Fact
                  label={t('profile.targetGroups')}
                  value={guide.targetGroups
                    .map((g) => t(`targetGroup.${g}`, { defaultValue: g }))
                    .join(locale === 'en' ? ', ' : '、')}
                />
              )}
              {guide.occupation && <Fact label={t('profile.occupation')} value={guide.occupation} />}
              <Fact
                label={t('profile.experience')}
                value={
                  years >= 1
                    ? t('profile.experienceValue', { years, sessions: guide.sessionCount })
                    : t('profile.experienceNew', { sessions: guide.sessionCount })
                }
              />
              {guide.age !== null && <Fact label={t('profile.age')} value={String(guide.age)} />}
              {guide.mbti && <Fact label={t('profile.mbti')} value={guide.mbti} />}
              {guide.qualifications.length > 0 && (
                <Fact
                  label={t('profile.qualifications')}
                  value={guide.qualifications.map((q) => q.description).join(locale === 'en' ? '; ' : '；')}
                />
              )}
            </dl>
          </Section>
          <Section title={t('pricing.heading')} id="pricing">
            <PriceIncludes guide={guide} />
          </Section>
          <Section title={t('licences:profile.heading')} id="licence">
            <ProfileLicence guide={guide} />
          </Section>
          <Section title={t('profile.services')} id="services">
            <ServicesList guideId={guide.id} fallback={guide.services} currency={guide.currency} />
          </Section>
          {[guide.ethicsScore, guide.boundaryScore, guide.supportiveScore].some((score) => score !== null) && (
            <Section title={t('profile.scores')} id="scores">
              <GuideScores guide={guide} />
            </Section>
          )}
          <Section title={t('profile.availability')} id="availability">
            <AvailabilityCalendar
              weekly={guide.availabilities.weekly}
              exceptions={guide.availabilities.exceptions}
              timeZone={guide.timeZone}
              minHours={guide.minDuration}
              minNoticeHours={guide.minNoticeHours}
            />
          </Section>
          {guide.itineraries.length > 0 && (
            <Section title={t('profile.itineraries')} id="itineraries">
              <ul className="grid gap-3 sm:grid-cols-2">
                {guide.itineraries.map((it) => (
                  <li key={it.id}>
                    <ItineraryCard itinerary={it} />
                  </li>
                ))}
              </ul>
            </Section>
          )}
          <Section title={t('profile.reviews')} id="reviews">
            <TrackRecord record={guide.trackRecord} />
            <div className="mt-6" />
            <ReviewsSection
              guideId={guide.id}
              rating={guide.rating}
              count={guide.reviewCount}
              distribution={guide.ratingDistribution}
            />
          </Section>
        </div>
        <BookingWidget
          key={guide.id}
          guide={guide}
          params={searchParams}
          onBook={book}
          ownListing={own ? t('profile.ownListing') : undefined}
        />
      </div>
    </div>
  );
}

function Fact({ label, value, icon }: { label: string; value: string; icon?: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-stone-500 dark:text-stone-400">
        {icon && <span aria-hidden>{icon}</span>}
        {label}
      </dt>
      <dd className="mt-0.5 text-sm text-stone-800 dark:text-stone-200">{value}</dd>
    </div>
  );
}
