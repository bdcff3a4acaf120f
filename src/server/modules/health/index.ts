export { healthRoutes, shuttingDown } from './health.routes';
