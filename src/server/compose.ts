import { registerJobs } from './jobs/index';
import type { AppInstance } from './lib/types';
import { registerAdminUsers } from './modules/admin-users/index';
import { auditRoutes } from './modules/audit/index';
import { authRoutes, changePassword, registerPhoneSignIn, wechatRoutes, WayInNotices } from './modules/accounts/index';
import { registerAuth } from './modules/auth/index';
import { registerBookingPdf } from './modules/booking-pdf/index';
import { registerBookings, type Clock } from './modules/bookings/index';
import { catalogRoutes } from './modules/catalog/index';
import { clientErrorRoutes } from './modules/client-errors/index';
import { devRoutes } from './modules/dev/index';
import { registerDisputes } from './modules/disputes/index';
import { registerFx } from './modules/fx/index';
import { registerCalendars } from './modules/calendars/index';
import { registerGuideApplications } from './modules/guide-applications/index';
import { registerGuideBusiness } from './modules/guide-business/index';
import { registerGuideOverview } from './modules/guide-overview/index';
import { guidesRoutes } from './modules/guides/index';
import { healthRoutes } from './modules/health/index';
import { registerIdentity } from './modules/identity/index';
import { registerLegal } from './modules/legal/index';
import { registerLicences } from './modules/licences/index';
import { registerMailer } from './modules/mail/index';
import { chatOfBookings, registerMessaging } from './modules/messaging/index';
import { notifyOfBookings, registerNotifications, type NotificationsService } from './modules/notifications/index';
import { registerOcto } from './modules/octo/index';
import { OfferBook, registerOffers } from './modules/offers/index';
import { registerPaymentProofs } from './modules/payment-proofs/index';
import { registerReceipts } from './modules/receipts/index';
import { registerReviews } from './modules/reviews/index';
import { savedGuidesRoutes } from './modules/saved-guides/index';
import { seoRoutes } from './modules/seo/index';
import { registerSms } from './modules/sms/index';
import { registerStatements } from './modules/statements/index';
import { adminIds, registerSupport } from './modules/support/index';
import { registerTranslation, type AdminAlert } from './modules/translation/index';
import { usersRoutes } from './modules/users/index';
import { registerWallet } from './modules/wallet/index';
import { registerWeather } from './modules/weather/index';
import { registerRealtime } from './realtime/index';
import { registerStorage } from './storage/index';

/**
 * The composition root: builds every domain module from what it declares it needs, in dependency
 * order, and hands each its collaborators here. No module looks another up on the Fastify instance
 * or is handed one after it is built. The decorations (`app.bookings`, `app.jobs`, …) stay for
 * server.ts and the tests, which drive the modules from outside.
 *
 * The order below is the order of construction: a module comes after what it is given (TypeScript
 * refuses a `const` used before it is declared). Only two places are ordered for Fastify's own reasons:
 * `registerAuth` decorates `app.requireAuth`/`optionalAuth`/`requireAdmin`, which routes name when they
 * are declared, so it comes first; `registerRealtime` registers the WebSocket plugin (awaited, before
 * its `/ws` route) and the `onResponse` hook that closes the sockets of sessions a password change or an
 * account deletion ends; a hook reaches the routes declared after it, so it comes before the account
 * routes. Nothing else depends on when a module is registered (decision 108).
 */
/** Tells every admin through the notices' outbox, each notice marked as an error to act on. */
function adminAlert(app: AppInstance, notifications: NotificationsService): AdminAlert {
  return {
    tellAdmins: async (notice) => {
      const ids = await adminIds(app.ctx.database.db);
      if (ids.length)
        await notifications.enqueueNow(
          ids.map((userId) => ({ userId, type: 'admin' as const, isErrorMessage: true, ...notice })),
        );
    },
  };
}

/**
 * The platform and the ways in, first (registerAuth before any route, registerRealtime's hook before the
 * account routes, as above): jobs, mail, files, real time, legal consents, sign-up and sign-in by password,
 * WeChat and phone, and the account's own routes. Returns what the market's modules are built from.
 */
async function composePlatform(app: AppInstance) {
  const { config } = app.ctx;
  registerAuth(app);

  // The platform: the job runner (and outbox), mail, files and real time.
  const jobs = registerJobs(app);
  registerMailer(app, jobs);
  const storage = registerStorage(app);
  const realtime = await registerRealtime(app);

  healthRoutes(app);
  catalogRoutes(app);
  clientErrorRoutes(app);
  const rates = () => ({ depositRate: config.payments.depositRate, commissionRate: config.payments.commissionRate });
  // The commerce disclosure, legal documents and consents: sign-up records the accepted ones, the
  // data export lists them, identity verification checks the sensitive-data one.
  const consents = registerLegal(app, { operator: config.operator, rates });
  authRoutes(app, { jobs, consents, realtime });
  // Text messages (decision 147), through the outbox or Twilio: sign-in codes and notices.
  const sms = registerSms(app);
  // A new way in is told to the account's e-mail and phone (decision 183).
  const wayIns = new WayInNotices(app, { jobs, sms });
  wechatRoutes(app, { consents, storage, wayIns });
  // Sign-in by phone (decision 147), the proof before a new way in (decision 183) and before deleting the account
  // (decision 185).
  const phoneSignIn = registerPhoneSignIn(app, { sms, consents, wayIns });
  // The signed-in user's password change and the deletion's proof are account flows (accounts), served under /api/me.
  await app.register(usersRoutes({ changePassword, deletion: phoneSignIn.reauth, storage, jobs, consents, wayIns }));
  devRoutes(app, { endCodePause: (phone) => phoneSignIn.phone.endCodePause(phone) });
  return { jobs, storage, realtime, consents, sms, rates };
}

export async function composeModules(app: AppInstance): Promise<void> {
  const { config } = app.ctx;
  const { jobs, storage, realtime, consents, sms, rates } = await composePlatform(app);

  // The app's one clock: bookings own it (tests set `app.bookings.now`), every module reads it.
  const clock: Clock = { now: () => new Date() };
  const now = () => clock.now();

  const notifications = registerNotifications(app, { realtime, jobs, sms });
  const notify = notifications.create.bind(notifications);
  // Machine translation of what people write (decision 145): guide texts and chat read its cache;
  // a spent budget or quota tells every admin through the notices' outbox.
  const admins = adminAlert(app, notifications);
  const translations = registerTranslation(app, { jobs, admins, now });
  // Yen per yuan (decision 165): the fixed rate or the ECB's daily feed, whose trouble tells the admins
  // the same way. Its `current`, the rate new bookings and quotes are priced at (decision 164), is what a
  // module pricing in both currencies is handed.
  const fx = registerFx(app, { jobs, admins, now });
  const guideSearch = guidesRoutes(app, { translations, rates, fx: fx.current });
  registerGuideBusiness(app, { guideSearch });
  // A guide's other calendars (decision 200): their busy times hold her hours in every read of them (decision 199).
  registerCalendars(app, { jobs, notices: notifications, now });
  savedGuidesRoutes(app, { translations });
  // Support's reply deadlines alert the admins through the notices' outbox (decision 132).
  registerSupport(app, { jobs, notifications, now, translations });
  // Offers as they read: bookings take an offer's terms from it and messaging the offers its messages
  // carry, so it is built before both; the offers module proper needs messaging, so it comes after.
  const offerBook = new OfferBook({ db: app.ctx.database.db, rates, now });
  // Receipts are issued where money moves: bookings settle and refund payments, disputes refund them.
  const receipts = registerReceipts(app, { operator: config.operator, now });
  const bookings = registerBookings(app, {
    jobs,
    clock,
    offers: offerBook,
    notify,
    receipts: receipts.issuer,
    fx: { current: fx.current },
  });
  notifyOfBookings(app, bookings.events, notifications);
  const messaging = registerMessaging(app, {
    realtime,
    jobs,
    notifications,
    bookings,
    offers: offerBook,
    translations,
  });
  // A booking's plan for each day, agreed later, stands in the pair's chat too (decision 178).
  chatOfBookings(app, bookings.events, messaging);
  registerOffers(app, { book: offerBook, messaging, bookingEvents: bookings.events, rates, fx: fx.current, notify });

  registerWeather(app, { jobs, now });
  registerBookingPdf(app, { bookings });
  await registerReviews(app, { jobs, storage, translations });
  await registerPaymentProofs(app, { storage, notifications, jobs });
  await registerDisputes(app, {
    storage,
    jobs,
    provider: bookings.deps.provider,
    notifications,
    receipts: receipts.issuer,
    now,
    translations,
  });
  await registerGuideApplications(app, { storage, guideSearch, notifications, jobs });
  await registerIdentity(app, { storage, notifications, jobs, consents });
  await registerLicences(app, { storage, guideSearch });
  registerAdminUsers(app, { realtime, guideSearch, now });
  seoRoutes(app, { guideSearch });
  await composeGuideMoney(app, { now, notifications, jobs, messaging, bookings, fx, rates, sms });
}

type Built<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

/**
 * A guide's money as she and the back office read it, and the resellers who sell her time: built last, on the
 * bookings, messages and rates the rest made.
 */
async function composeGuideMoney(
  app: AppInstance,
  d: {
    now: () => Date;
    notifications: NotificationsService;
    jobs: Built<typeof composePlatform>['jobs'];
    messaging: Built<typeof registerMessaging>;
    bookings: Built<typeof registerBookings>;
    fx: Built<typeof registerFx>;
    rates: Built<typeof composePlatform>['rates'];
    sms: Built<typeof composePlatform>['sms'];
  },
): Promise<void> {
  const { config } = app.ctx;
  const { now, bookings } = d;
  const wallet = registerWallet(app, {
    now,
    notices: d.notifications,
    jobs: d.jobs,
    payoutAccount: config.payoutAccount,
    weekly: config.payoutWeekly,
  });
  registerStatements(app, { now, operator: config.operator, yenRate: (day) => wallet.latestRate(day) });
  auditRoutes(app);
  registerGuideOverview(app, { now, messaging: d.messaging, wallet, bookings });
  // Resellers selling our guides through the OCTO API (decisions 201, 202), told of their bookings' changes by
  // webhooks (decision 203).
  await registerOcto(app, {
    now,
    bookings,
    fx: d.fx.current,
    rates: d.rates,
    operator: config.operator,
    jobs: d.jobs,
    sms: d.sms,
  });
}
