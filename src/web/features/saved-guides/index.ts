export { useSavedGuides } from './api/get-saved-guides';
export { SaveHeart } from './components/save-heart';
export { SavedGuidesPanel } from './components/saved-guides-panel';
