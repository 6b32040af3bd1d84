import { Readable } from 'node:stream';
import { articlesContainer } from '@portico/shared';
import { loadConfig } from '../config';
import type { Queryable } from '../db/index';
import { createArticle } from '../modules/articles/index';
import { createMediaStorage, locate } from '../modules/media/index';
import { blendPng } from './png';
import type { Rng } from './random';

const days = (n: number) => new Date(Date.now() + n * 86_400_000);

/** Carousel images (384x192, the size the form recommends) of the demo association's media container. */
const IMAGES = [
  { name: 'harbor-sunrise.png', from: [24, 64, 120], to: [250, 190, 120] },
  { name: 'open-house.png', from: [30, 110, 80], to: [220, 240, 200] },
  { name: 'market-report.png', from: [90, 40, 120], to: [240, 200, 240] },
  { name: 'classroom.png', from: [150, 60, 40], to: [250, 230, 180] },
] as const;

/**
 * Writes the demo images into the association's media container, through the configured media storage (the same
 * DATA_DIR or bucket the server reads, decision 0976), and returns their public addresses.
 */
async function writeDemoImages(aorId: number): Promise<string[]> {
  const storage = createMediaStorage(loadConfig());
  const container = articlesContainer(aorId);
  const put = async (path: string, content: Buffer | string) =>
    (await storage.write(locate(container, path), Readable.from([content]))).commit();
  await storage.ensureContainer(container);
  await storage.makeFolder(locate(container, '/carousel'));
  await storage.makeFolder(locate(container, '/documents'));
  await put('/documents/office-hours.txt', 'Orange Coast association office hours: Monday to Friday, 9:00 to 17:00.\n');
  const addresses: string[] = [];
  for (const image of IMAGES) {
    await put(`/carousel/${image.name}`, blendPng(384, 192, image.from, image.to));
    addresses.push(`/files/${container}/carousel/${image.name}`);
  }
  return addresses;
}

/**
 * The Articles tab's demo (decision 0820): articles written by Orange Coast's staff and by the OC100 broker, Approved
 * as the tab writes them, in every expiry state the grid colours, with carousel images from the media container.
 */
export async function seedAdminArticles(q: Queryable, _rng: Rng): Promise<void> {
  const oc = await q.one<{ id: number }>("SELECT id FROM associations WHERE short_name = 'OC'");
  const office = await q.one<{ id: number }>("SELECT id FROM offices WHERE office_code = 'OC100'");
  if (!oc || !office) return;
  const images = await writeDemoImages(oc.id);
  const author = async (loginId: string) =>
    (await q.one<{ id: number; name: string }>("SELECT id, trim(first_name || ' ' || last_name) AS name FROM members WHERE login_id = $1", [
      loginId,
    ])) ?? { id: null, name: 'Portico Demo' };
  const staff = await author('aorstaff');
  const broker = await author('broker');
  const articles = [
    { title: 'Holiday Hours at the Association Office', days: [-3, 2], promote: true, image: 0, by: staff, aor: true },
    { title: 'Spring Open House Weekend', days: [-10, 45], promote: true, image: 1, by: staff, aor: true },
    { title: 'Quarterly Market Report Is Out', days: [-20, 27_000], promote: false, image: 2, by: staff, aor: true },
    { title: 'New Agent Orientation Classes', days: [-60, -5], promote: false, image: 3, by: staff, aor: true },
    { title: 'Office Meeting Moves to Thursdays', days: [-2, 4], promote: false, image: null, by: broker, aor: false },
    { title: 'Welcome Our New Agents', days: [-8, 90], promote: true, image: 1, by: broker, aor: false },
  ];
  for (const a of articles) {
    const [publish, expires] = a.days as [number, number];
    await createArticle(q, {
      title: a.title,
      summary: `${a.title}: details inside.`,
      byline: `By ${a.by.name}`,
      imageUrl: a.image === null ? null : (images[a.image] ?? null),
      authorPhotoUrl: null,
      categoryId: a.aor ? 10 : 1,
      authorDisplayName: a.by.name,
      content: `<p>${a.title}.</p><p>Read more in the <a href="/files/${articlesContainer(oc.id)}/documents/office-hours.txt">office hours</a> note.</p>`,
      status: 'Approved',
      publishOn: days(publish),
      expiresOn: expires > 20_000 ? new Date('2099-12-31T08:00:00Z') : days(expires),
      promoteOn: a.promote ? days(publish) : null,
      promoteEnd: a.promote ? days(Math.min(expires, 30)) : null,
      createdByName: a.by.name,
      officeId: a.aor ? null : office.id,
      aorId: a.aor ? oc.id : null,
      adTemplate: null,
      adIsScript: false,
      // The criteria a new article of that audience gets (decision 0820).
      criteria: JSON.stringify([
        a.aor ? { field: 'aorId', op: 'Equal', values: [oc.id] } : { field: 'officeCode', op: 'Equal', values: ['OC100'] },
      ]),
      createdByMemberId: a.by.id,
    });
  }
}
