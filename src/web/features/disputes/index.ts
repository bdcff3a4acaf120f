export { DisputeAction } from './components/dispute-action';
