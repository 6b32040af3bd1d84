import type { RouteObject } from 'react-router';

/** The screens of registered listings, available when the server menu list holds '/registered'. */
export const registeredRoutes: RouteObject[] = [
  {
    path: 'registered',
    handle: { menuPath: '/registered', title: 'Registered Listing Agreements' },
    lazy: () => import('./components/RegisteredListPage').then((m) => ({ Component: m.RegisteredListPage })),
  },
  {
    path: 'registered/:id',
    handle: { menuPath: '/registered', title: 'Registered Listing' },
    lazy: () => import('./components/RegisteredFormPage').then((m) => ({ Component: m.RegisteredFormPage })),
  },
];
