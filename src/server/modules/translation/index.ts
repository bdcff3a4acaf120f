import type { JobRunner } from '../../jobs/index';
import type { AppInstance } from '../../lib/types';
import { GuardedAllowanceStore, MemoryAllowanceStore, RedisAllowanceStore } from './allowance';
import { deeplProvider } from './provider';
import { TRANSLATE_JOB, Translations, type AdminAlert } from './translations';

export { Translations, type AdminAlert, type TextToTranslate } from './translations';
export { bodyFieldsOf, fieldsOf, translationScope, type TranslationFields } from './reply-fields';

declare module 'fastify' {
  interface FastifyInstance {
    /** Machine translation (decision 145): modules are handed it by compose.ts; tests read it here. */
    translations: Translations;
  }
}

/** What the translation module is built from (compose.ts). */
export interface TranslationNeeds {
  jobs: JobRunner;
  admins: AdminAlert;
  now: () => Date;
}

/** Machine translation of what people write: the provider of TRANSLATION_PROVIDER, its cache, its job. */
export function registerTranslation(app: AppInstance, needs: TranslationNeeds): Translations {
  const settings = app.ctx.config.translation;
  const translations = new Translations({
    db: app.ctx.database.db,
    provider: settings.provider ? deeplProvider(settings.provider) : null,
    monthlyCharacters: settings.monthlyCharacters,
    dailyCharactersPerUser: settings.dailyCharactersPerUser,
    // Shared by the instances through Redis when there is one, as the login throttle's counts are (decision 184).
    allowances:
      app.redis && app.redisGuard
        ? new GuardedAllowanceStore(new RedisAllowanceStore(app.redis), app.redisGuard)
        : new MemoryAllowanceStore(),
    jobs: needs.jobs,
    admins: needs.admins,
    log: app.log,
    now: needs.now,
  });
  app.decorate('translations', translations);
  needs.jobs.register(TRANSLATE_JOB, (job, now) => translations.runJob(job, now));
  return translations;
}
