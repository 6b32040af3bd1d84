import type { RouteObject } from 'react-router';
import { lazyPage } from '../../core/lazy-page';

/** The screens of registered listings, available when the server menu list holds '/registered'. */
export const registeredRoutes: RouteObject[] = [
  {
    path: 'registered',
    handle: { menuPath: '/registered', title: 'Registered Listing Agreements' },
    ...lazyPage(
      () => import('./components/RegisteredListPage'),
      (m) => m.RegisteredListPage,
    ),
  },
  {
    path: 'registered/:id',
    handle: { menuPath: '/registered', title: 'Registered Listing' },
    ...lazyPage(
      () => import('./components/RegisteredFormPage'),
      (m) => m.RegisteredFormPage,
    ),
  },
];
