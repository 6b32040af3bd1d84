import type { RouteObject } from 'react-router';
import { lazyPage } from '../../core/lazy-page';

/** The Training screens, available when the server menu list holds '/training' (seed 002 section 2). */
export const trainingRoutes: RouteObject[] = [
  {
    path: 'training/registration/:eventId',
    handle: { menuPath: '/training', title: 'Training Class' },
    ...lazyPage(
      () => import('./components/ClassDetailPage'),
      (m) => m.ClassDetailPage,
    ),
  },
  {
    path: 'training/:urlTab?',
    handle: { menuPath: '/training', title: 'Training' },
    ...lazyPage(
      () => import('./components/TrainingPage'),
      (m) => m.TrainingPage,
    ),
  },
];
