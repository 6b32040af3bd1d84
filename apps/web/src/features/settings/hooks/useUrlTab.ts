import { slugify } from '@portico/shared';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';

const STORAGE_PREFIX = 'portico.tab.';

/**
 * The active tab of a section, synced to the URL as a lower-cased hyphenated slug (/settings/office-settings)
 * and remembered per section for the session (sessionStorage).
 */
export function useUrlTab(section: string, tabs: string[]): [string, (tab: string) => void] {
  const { urlTab } = useParams();
  const navigate = useNavigate();
  const slugs = tabs.map(slugify);
  const stored = window.sessionStorage.getItem(STORAGE_PREFIX + section);
  const fromUrl = urlTab ? slugs.indexOf(urlTab.toLowerCase()) : -1;
  const fromStore = stored ? slugs.indexOf(stored) : -1;
  const index = fromUrl >= 0 ? fromUrl : Math.max(fromStore, 0);
  const active = tabs[index] ?? tabs[0];

  useEffect(() => {
    window.sessionStorage.setItem(STORAGE_PREFIX + section, slugify(active));
    // /settings (or an unknown slug) shows the remembered tab: the URL says which.
    if (urlTab !== slugify(active)) navigate(`/${section}/${slugify(active)}`, { replace: true });
  }, [section, active, urlTab, navigate]);

  const select = (tab: string) => navigate(`/${section}/${slugify(tab)}`);
  return [active, select];
}
