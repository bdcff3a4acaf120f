import type { JobRunner } from '../../jobs/index';
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
 * The typhoon rule (decision 093): the hourly scan and the start checks on the job runner,
 * and the admin's recorded warnings, dated by the app's clock (`now`).
 */
export function registerWeather(app: AppInstance, needs: { jobs: JobRunner; now: () => Date }): void {
  const { jobs } = needs;
  const service = new WeatherService(app.ctx.database.db, createWeatherProvider(app.ctx.config), jobs);
  jobs.sweep((now) => service.sweep(now));
  jobs.register(WEATHER_JOB.scan, (_job, now) => service.scan(now));
  jobs.register(WEATHER_JOB.start, (job, now) => service.startCheck(job, now));
  app.decorate('weather', service);
  weatherRoutes(app, service, needs.now);
}
