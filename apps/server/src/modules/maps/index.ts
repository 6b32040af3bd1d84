export { mapsRoutes } from './routes';
export { type MapsProvider, createGazetteer } from './provider';
export { type Place, allPlaces, placesInState } from './places';
