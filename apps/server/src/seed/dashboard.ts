import type { Queryable } from '../db/index';
import { seedDashboardApplications } from './dashboard-applications';
import { seedDashboardListings } from './dashboard-listings';

export const DEMO_KPIS = [
  { code: 'active_listings', title: 'Active Listings', description: 'Listings on the market today, against 30 days ago' },
  { code: 'new_listings', title: 'New Listings', description: 'Listings that came on the market in the last 30 days' },
  { code: 'pending_sales', title: 'Pending Sales', description: 'Listings that went pending in the last 30 days' },
  { code: 'closed_sales', title: 'Closed Sales', description: 'Sales that closed in the last 30 days' },
  { code: 'median_list_price', title: 'Median List Price', description: 'Of the listings new in the last 30 days' },
  { code: 'median_sold_price', title: 'Median Sold Price', description: 'Of the sales closed in the last 30 days' },
  { code: 'median_days_on_market', title: 'Days on Market', description: 'Median days from market to close, last 30 days' },
  { code: 'sale_to_list_ratio', title: 'Sale-to-List Ratio', description: 'Average sold price as a share of list price' },
  { code: 'months_of_inventory', title: 'Months of Inventory', description: 'Active listings divided by the last 30 days of sales' },
] as const;

export const DEMO_CONTAINERS = [
  { key: 'coreProducts', title: 'Core Products', status: 'Active', adTag: null },
  { key: 'applications', title: 'Applications', status: 'Active', adTag: null },
  { key: 'kpis', title: 'Market Statistics', status: 'Active', adTag: null },
  { key: 'billboard', title: 'Featured', status: 'Active', adTag: 'dashboard-billboard' },
  { key: 'articles', title: 'Promoted Articles', status: 'Active', adTag: null },
  { key: 'spotlight', title: 'Spotlight', status: 'Active', adTag: 'spotlight-ad' },
  { key: 'sponsored', title: 'Sponsored Partners', status: 'Pending', adTag: 'carousel-ad' },
] as const;

const card = (bg: string, title: string, text: string, cta: string) => `<!doctype html><html><head><meta charset="utf-8">
<style>body{margin:0;font-family:system-ui,sans-serif}a{color:inherit}.ad{box-sizing:border-box;height:100vh;padding:16px 20px;
background:${bg};color:#fff;display:flex;flex-direction:column;justify-content:center;gap:6px}.ad h2{margin:0;font-size:20px}
.ad p{margin:0;font-size:14px}.ad a{display:inline-block;margin-top:6px;background:#fff;color:#111;padding:6px 12px;border-radius:4px;
text-decoration:none;font-weight:600;width:max-content}</style></head><body><div class="ad"><h2>${title}</h2><p>${text}</p>
<a href="https://ads.example-mls.org/" target="_blank" rel="noopener">${cta}</a></div></body></html>`;

/**
 * A script ad rotates its own lines. It also tries to reach the portal (its title, storage, cookies), which the
 * sandbox forbids, and notes what happened in a hidden line that the end-to-end journey reads.
 */
const scriptAd = `<!doctype html><html><head><meta charset="utf-8"><style>body{margin:0;font-family:system-ui,sans-serif}
#ad{box-sizing:border-box;height:100vh;padding:16px;background:#14532d;color:#fff;display:flex;align-items:center;font-size:16px}</style></head>
<body><div id="ad">Coastal Lenders: rates updated daily</div><p id="probe" hidden></p><script>
var lines=['Coastal Lenders: rates updated daily','Pre-approvals in 24 hours','Ask about our first-time buyer program'];var i=0;
setInterval(function(){i=(i+1)%lines.length;document.getElementById('ad').textContent=lines[i];},4000);
var probe=[];
try{window.top.document.title='ad escaped';probe.push('portal page: reached');}catch(e){probe.push('portal page: blocked');}
try{localStorage.setItem('ad','escaped');probe.push('storage: reached');}catch(e){probe.push('storage: blocked');}
try{document.cookie='ad=escaped';probe.push(document.cookie?'cookies: reached':'cookies: blocked');}catch(e){probe.push('cookies: blocked');}
document.getElementById('ad').setAttribute('data-script-ran','true');
document.getElementById('probe').textContent=probe.join(', ');
</script></body></html>`;

export async function seedDashboard(q: Queryable): Promise<void> {
  await seedDashboardApplications(q);
  for (const [i, k] of DEMO_KPIS.entries()) {
    await q.query(
      `INSERT INTO kpi_definitions (code, title, description, icon_url, view_order) VALUES ($1, $2, $3, NULL, $4)
       ON CONFLICT (code) DO NOTHING`,
      [k.code, k.title, k.description, i + 1],
    );
  }
  for (const [i, c] of DEMO_CONTAINERS.entries()) {
    await q.query(
      'INSERT INTO generic_containers (key, title, status, view_order, ad_tag) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (key) DO NOTHING',
      [c.key, c.title, c.status, i + 1, c.adTag],
    );
  }
  const provider = async (name: string, aor: string | null, enabled: boolean, impressions: Array<[string, boolean, string]>) => {
    const row = await q.one<{ id: number }>(
      `INSERT INTO ad_providers (provider_name, is_enabled, aor_id) VALUES ($1, $2, (SELECT id FROM associations WHERE short_name = $3))
       ON CONFLICT (provider_name) DO NOTHING RETURNING id`,
      [name, enabled, aor],
    );
    if (!row) return;
    for (const [tag, isScript, template] of impressions) {
      await q.query('INSERT INTO ad_impressions (provider_id, tag_name, is_enabled, is_script, template) VALUES ($1, $2, true, $3, $4)', [
        row.id,
        tag,
        isScript,
        template,
      ]);
    }
  };
  await provider('Portico Media Network', null, true, [
    [
      'dashboard-billboard',
      false,
      card(
        'linear-gradient(120deg,#1e3a8a,#0f766e)',
        'Spring Market Summit 2027',
        'Two days of market forecasts, marketing labs and broker roundtables.',
        'Reserve a seat',
      ),
    ],
    [
      'spotlight-ad',
      false,
      card('#7c2d12', 'Title Partners of the Coast', 'Escrow and title services with same-day openings.', 'Open an order'),
    ],
    ['carousel-ad', false, card('#4c1d95', 'Staging that sells', 'Virtual and in-person staging from $299.', 'See packages')],
    ['article-ad', false, card('#0f172a', 'Your brand, every listing', 'Print and social templates for agents.', 'Start designing')],
  ]);
  await provider('Coastal Lenders', 'OC', true, [['spotlight-ad', true, scriptAd]]);
  await provider('Retired Ad Network', null, false, [
    ['dashboard-billboard', false, card('#333', 'This provider is switched off', 'It never shows.', 'Nothing')],
  ]);
  await seedDashboardListings(q);
}
