/** The dashboard's user-facing texts (seed 000 sections 2 and 8), written once for web and server. */
export const DASHBOARD_MESSAGES = {
  title: 'Dashboard',
  noApplications: 'No Applications Found',
  noKpis: 'No KPIs Found',
  noArticles: 'No Articles Found',
  noCoreProducts: 'No Core Products Found',
  noApplicationUrl: (appName: string) => `No application URL found for ${appName}`,
  loadFailed: 'There was a problem with this request',
  adsError: 'Ads - An error has occurred.',
  kpisRefused: 'Market statistics are not available for your originating system.',
  pending: 'Pending',
  pendingHint: 'Pending: only admins see this section',
  settings: 'Settings',
  views: { settings: 'Dashboard settings', applications: 'Applications', kpis: 'Market statistics' },
  newBadge: 'New',
} as const;

/** The dashboard sections and their default titles; the server's containers list says which exist. */
export const DASHBOARD_SECTION_KEYS = ['coreProducts', 'applications', 'kpis', 'articles', 'billboard', 'spotlight'] as const;
export type DashboardSectionKey = (typeof DASHBOARD_SECTION_KEYS)[number];

export const APPLICATION_CATEGORIES = ['member', 'aor', 'broker', 'marketplace'] as const;
export type ApplicationCategory = (typeof APPLICATION_CATEGORIES)[number];
export const APPLICATION_CATEGORY_LABELS: Record<ApplicationCategory, string> = {
  member: 'Member Applications',
  aor: 'Association Applications',
  broker: 'Broker Applications',
  marketplace: 'Marketplace',
};

export const AD_TAGS = ['dashboard-billboard', 'spotlight-ad', 'carousel-ad', 'article-ad'] as const;
export type AdTag = (typeof AD_TAGS)[number];

/** Originating systems that do not get the Market Statistics section. */
export const KPI_EXCLUDED_SYSTEMS = ['SWLAR'] as const;
