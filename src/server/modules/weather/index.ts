import type { AppInstance } from '../../lib/types';
import { fixtureProvider, jmaProvider, type WeatherProvider } from './providers';
import { weatherRoutes } from './weather.routes';
import { WEATHER_JOB, WeatherService } from './weather.service';

export { fixtureProvider, jmaProvider, RECORDINGS_DIR, type WeatherProvider } from './providers';
export { parseJmaWarningFile, warningFor } from './jma-format';
export { checksOf as weatherChecksOf } from './weather.repository';
export { eveCheckAt, WEATHER_JOB, WeatherService } from './weather.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The typhoon rule's checks; tests swap `weather.provider` for another set of recordings. */
    weather: WeatherService;
  }
}

export function createWeatherProvider(config: AppInstance['ctx']['config']): WeatherProvider {
  return config.weather.provider === 'jma' ? jmaProvider() : fixtureProvider(config.weather.fixtureDir);
}

/**
 * The typhoon rule (issue 26, decision 093): the hourly scan and the start checks on the job runner,
 * and the admin's recorded warnings. Needs `app.jobs` and `app.bookings` (its clock).
 */
export function registerWeather(app: AppInstance): void {
  const service = new WeatherService(app.ctx.database.db, createWeatherProvider(app.ctx.config), app.jobs);
  app.jobs.sweep((now) => service.sweep(now));
  app.jobs.register(WEATHER_JOB.scan, (_job, now) => service.scan(now));
  app.jobs.register(WEATHER_JOB.start, (job, now) => service.startCheck(job, now));
  app.decorate('weather', service);
  weatherRoutes(app, service, () => app.bookings.now());
}
