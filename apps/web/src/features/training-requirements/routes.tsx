import type { RouteObject } from 'react-router';
import { lazyPage } from '../../core/lazy-page';

/** Required training's screens (issue 31): the member's page, the broker's or staff's people, a class's roster. */
export const trainingRequirementsRoutes: RouteObject[] = [
  {
    path: 'requirements',
    handle: { static: true, title: 'My requirements' },
    ...lazyPage(
      () => import('./MyRequirementsPage'),
      (m) => m.MyRequirementsPage,
    ),
  },
  {
    path: 'requirements/people',
    handle: { static: true, title: 'Required training of my people' },
    ...lazyPage(
      () => import('./PeoplePage'),
      (m) => m.PeoplePage,
    ),
  },
  {
    path: 'requirements/import',
    handle: { static: true, title: 'Import training completions' },
    ...lazyPage(
      () => import('./ImportPage'),
      (m) => m.ImportPage,
    ),
  },
  {
    path: 'requirements/certificates',
    handle: { static: true, title: 'Outside certificates' },
    ...lazyPage(
      () => import('./CertificatesPage'),
      (m) => m.CertificatesPage,
    ),
  },
  {
    path: 'training/roster/:classId',
    handle: { menuPath: '/training', title: 'Class roster' },
    ...lazyPage(
      () => import('./RosterPage'),
      (m) => m.RosterPage,
    ),
  },
];
