export { allPlaces, type Place, placesInState } from './places';
export { createGazetteer, type MapsProvider } from './provider';
export { mapsRoutes } from './routes';
