// The media manager: a modal file browser; the article form opens it as an image picker.
export { MediaManager } from './MediaManager';
