export { testSupportRoutes } from './test-support.routes';
