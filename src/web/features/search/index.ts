export { EmptyResults } from './components/empty-results';
export { SearchForm } from './components/search-form';
export { type SelectedGuide, useGuideSelection } from './lib/selection';
