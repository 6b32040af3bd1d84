export { DEMO_BANNER_HEIGHT, DemoBanner } from './DemoBanner';
